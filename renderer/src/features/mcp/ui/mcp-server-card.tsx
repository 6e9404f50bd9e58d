/**
 * One MCP server: what it runs or where it is, its state, why it failed, its tools, and its
 * actions. Starting a local command needs a confirmation the page cannot give (docs/mcp.md): the
 * desktop shows a native dialog while `mcp.connect` waits; the browser shell answers
 * `confirmation_required` and prints a code in its terminal, which the creator types here (as for
 * moving the library, general-settings.tsx).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorData, McpServerView } from '@shared/contract/index.js';
import { EMPTY, useAction, useCall } from '../../../api/client.js';
import { TextField } from '../../../components/TextField.js';
import { useMessageText } from '../../../i18n/messages.js';
import { commandLine, useMcpCache } from '../../../api/mcp-cache.js';
import { AlwaysAllowed, McpServerTools } from './mcp-server-tools.js';
import { McpTokenRow } from './mcp-token-row.js';

/** An answer that is about the code (asked for, wrong, expired), not about the server. */
const aboutCode = (e: ErrorData) => e.code === 'confirmation_required' || e.param === 'confirmCode';

interface Props {
  server: McpServerView;
  onRemoved(name: string): void;
}

export function McpServerCard({ server, onRemoved }: Props) {
  const { t } = useTranslation(['mcp', 'common']);
  const say = useMessageText();
  const headingId = useId();
  const { put, drop } = useMcpCache();
  const desktop = useCall('app.info', EMPTY).data?.shell === 'desktop';
  const { spec, state } = server;
  const name = spec.name;
  /** The last action's failure, kept until the next action starts. */
  const [problem, setProblem] = useState<ErrorData | null>(null);
  /** The host's request for the terminal's code (browser shell); the code field shows while set. */
  const [asked, setAsked] = useState<ErrorData | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<ErrorData | string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  const connect = useAction('mcp.connect', { onSuccess: put });
  const disable = useAction('mcp.disable', { onSuccess: put });
  const remove = useAction('mcp.remove', {
    onSuccess: () => {
      drop(server.id);
      onRemoved(name);
    },
  });
  const busy = connect.isPending || disable.isPending || remove.isPending;
  // Started some other way meanwhile (another window, the desktop dialog): no code is needed any more.
  const asking = asked !== null && state !== 'connected';

  useEffect(() => {
    if (asking) codeInput.current?.focus();
  }, [asking, asked]);

  const begin = () => {
    setProblem(null);
    setConfirming(false);
  };

  const start = () => {
    if (busy) return;
    begin();
    connect.mutate(
      { id: server.id },
      {
        onSuccess: () => setAsked(null),
        onError: (e) => {
          if (e.code !== 'confirmation_required') return setProblem(e);
          setAsked(e);
          setCode('');
          setCodeError(null);
        },
      },
    );
  };

  const stopAsking = () => {
    setAsked(null);
    setCodeError(null);
    requestAnimationFrame(() => startButton.current?.focus());
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const confirmCode = code.trim();
    if (!confirmCode) {
      setCodeError(t('code.required'));
      codeInput.current?.focus();
      return;
    }
    begin();
    setCodeError(null);
    connect.mutate(
      { id: server.id, confirmCode },
      {
        onSuccess: () => {
          setAsked(null);
          setCode('');
        },
        onError: (e) => {
          if (aboutCode(e)) {
            setCodeError(e);
            codeInput.current?.focus();
            return;
          }
          // Confirmed, but the server did not start: that is the server's failure, not the code's.
          setAsked(null);
          setProblem(e);
        },
      },
    );
  };

  const onCodeKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    stopAsking();
  };

  const where =
    spec.transport === 'stdio' ? (
      <>
        {t('kind.stdioShort')}: <code data-testid="mcp-command">{commandLine(spec.command, spec.args)}</code>
      </>
    ) : (
      <>
        {t('kind.httpShort')}: <code data-testid="mcp-url">{spec.url}</code>
      </>
    );
  // Values are left out: an environment often carries a secret.
  const envNames = spec.transport === 'stdio' ? Object.keys(spec.env) : [];
  const running = state === 'connected' || state === 'connecting' || state === 'failed';

  return (
    <li className={`profile-card mcp-card mcp-${state}`} aria-labelledby={headingId} data-server-id={server.id}>
      <div className="profile-head">
        <h4 id={headingId}>{name}</h4>
        <span className={`badge mcp-badge-${state}`} role="status">
          {t(`state.${state}`)}
        </span>
      </div>
      <p className="mcp-where">{where}</p>
      {envNames.length > 0 && <p className="hint">{t('card.environment', { names: envNames.join(', ') })}</p>}
      {server.error && (state === 'failed' || state === 'unconfirmed') && <p className="form-error" data-testid="mcp-server-error">{say(server.error)}</p>}

      <McpServerTools server={server} />
      <AlwaysAllowed server={server} />
      {spec.transport === 'http' && <McpTokenRow server={server} />}

      <div className="profile-actions">
        {!asking && (
          <button type="button" className="button button-primary" ref={startButton} onClick={start} aria-disabled={busy}>
            {connect.isPending ? t('card.starting') : running ? t('card.restart') : t('card.start')}
          </button>
        )}
        {state !== 'disabled' && (
          <button
            type="button"
            className="button"
            onClick={() => {
              if (busy) return;
              begin();
              disable.mutate({ id: server.id }, { onSuccess: () => setAsked(null), onError: setProblem });
            }}
            aria-disabled={busy}
          >
            {t('card.disable')}
          </button>
        )}
        <button
          type="button"
          className="button button-danger"
          ref={removeButton}
          onClick={() => {
            if (!busy) setConfirming(true);
          }}
          aria-expanded={confirming}
          aria-disabled={busy}
        >
          {t('card.remove')}
        </button>
      </div>
      {connect.isPending && !asking && desktop && state === 'unconfirmed' && <p className="hint">{t(spec.transport === 'http' ? 'card.waitingDialogUrl' : 'card.waitingDialog')}</p>}

      {asking && (
        <form className="inline-form mcp-code" onSubmit={confirm} noValidate onKeyDown={onCodeKey}>
          <TextField
            ref={codeInput}
            label={t('code.label')}
            className="field-grow"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint={say(asked)}
            error={codeError === null ? undefined : typeof codeError === 'string' ? codeError : say(codeError)}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
          />
          <button type="submit" className="button button-primary" aria-disabled={busy}>
            {connect.isPending ? t('card.starting') : t('code.confirm')}
          </button>
          <button type="button" className="button" onClick={stopAsking}>
            {t('common:cancel')}
          </button>
        </form>
      )}

      {confirming && (
        <div className="confirm" role="group" aria-label={t('card.confirmRemove.label', { name })}>
          <p>{t('card.confirmRemove.body', { name })}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button button-danger-solid"
              aria-disabled={busy}
              onClick={() => {
                if (busy) return;
                setProblem(null);
                remove.mutate({ id: server.id }, { onError: setProblem });
              }}
            >
              {t('card.confirmRemove.submit')}
            </button>
            <button
              type="button"
              className="button"
              autoFocus
              onClick={() => {
                setConfirming(false);
                removeButton.current?.focus();
              }}
            >
              {t('common:cancel')}
            </button>
          </div>
        </div>
      )}

      {problem && (
        <p className="form-error" role="alert">
          {say(problem)}
        </p>
      )}
    </li>
  );
}
