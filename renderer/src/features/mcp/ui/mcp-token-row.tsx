/**
 * A URL server's bearer token, write-only like API keys (docs/house-rules.md, "Secrets are
 * write-only"): only its last four characters are ever shown. A new token lives only in this
 * uncontrolled password box until it is sent with `call` (never useAction, whose cache keeps its
 * input), and is wiped as soon as the host has it.
 */
import { useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ErrorData, McpServerView } from '@shared/contract/index.js';
import { call } from '../../../api/client.js';
import { FieldMessages } from '../../../components/Field.js';
import { SecretInput } from '../../../components/SecretInput.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useMcpCache } from '../../../api/mcp-cache.js';
import { maskedTail } from '../../../components/masked-tail.js';

export function McpTokenRow({ server }: { server: McpServerView }) {
  const { t } = useTranslation(['mcp', 'common']);
  const say = useMessageText();
  const { put } = useMcpCache();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ErrorData | string | null>(null);
  const tail = maskedTail(server.tokenTail);

  const close = () => {
    setEditing(false);
    setProblem(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const setToken = async (token: string | null) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call('mcp.setToken', { id: server.id, token });
      if (input.current) input.current.value = '';
      put(saved);
      if (token !== null) close();
    } catch (e) {
      setProblem(e as ErrorData);
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const token = input.current?.value.trim() ?? '';
    if (!token) {
      setProblem(t('token.pasteFirst'));
      input.current?.focus();
      return;
    }
    void setToken(token);
  };

  const problemText = problem === null ? undefined : typeof problem === 'string' ? problem : say(problem);

  return (
    <div className="mcp-token">
      <div className="mcp-row">
        <span className={tail ? undefined : 'muted'} data-testid="mcp-token-status">
          {tail ? <Trans t={t} i18nKey="card.token" values={{ tail }} components={{ tail: <span className="key-tail" /> }} /> : t('card.noToken')}
        </span>
        {!editing && (
          <>
            <button type="button" className="button" ref={opener} onClick={() => setEditing(true)}>
              {tail ? t('token.replace') : t('token.add')}
            </button>
            {tail && (
              <button type="button" className="button button-danger" onClick={() => void setToken(null)} aria-disabled={busy}>
                {t('token.clear')}
              </button>
            )}
          </>
        )}
      </div>
      {editing && (
        <div className="field">
          <label htmlFor={id}>{tail ? t('token.newLabel') : t('token.label')}</label>
          <div className="mcp-row">
            <SecretInput id={id} ref={input} invalid={!!problemText} onEnter={save} onEscape={close} autoFocus />
            <button type="button" className="button" onClick={save} aria-disabled={busy}>
              {busy ? t('token.saving') : t('token.save')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('common:cancel')}
            </button>
          </div>
          <FieldMessages id={id} hint={t('form.tokenHint')} error={problemText} />
        </div>
      )}
      {!editing && problemText && (
        <p className="form-error" role="alert">
          {problemText}
        </p>
      )}
    </div>
  );
}
