/**
 * What an open card of an MCP call offers (docs/mcp.md): the creator approves each run (once, or
 * for every later call of the tool) or denies it; while it runs, its progress as the tool reports
 * it; when a run gave no answer, why, and Run again. Arguments that do not fit the tool's schema
 * are never run: the buttons say so, and the answer by hand (in the card) stays. A tool allowed
 * always that its server has redefined since asks again, and the card says what changed.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCall } from '@shared/contract/chat.js';
import { useMcpServers } from '../../../api/mcp-cache.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import type { ToolRun } from '../model/tool-run-store.js';

/** The progress line's text: "Running…", with the count and the tool's note when it gives them. */
function useProgressText(run: ToolRun | undefined): string {
  const { t } = useTranslation('chat');
  const { number } = useFormats();
  const p = run?.progress;
  const status = p?.total ? t('toolCall.runningOf', { progress: number(p.progress), total: number(p.total) }) : t('toolCall.running');
  return p?.message ? t('toolCall.runningNote', { status, message: p.message }) : status;
}

function RunProgress({ run }: { run: ToolRun | undefined }) {
  const text = useProgressText(run);
  const p = run?.progress;
  return (
    <span className="tool-run-line">
      {/* Determinate only with a total: without one the tool cannot say how far it is. */}
      {p?.total ? <progress value={Math.min(p.progress, p.total)} max={p.total} aria-hidden="true" /> : <span className="tool-spinner spin" aria-hidden="true" />}
      <span>{text}</span>
    </span>
  );
}

interface Props {
  call: ToolCall & { mcp: NonNullable<ToolCall['mcp']> };
  /** The host runs it now (its events, or this card's own request until it returns). */
  running: boolean;
  run: ToolRun | undefined;
  /** Why nothing can be pressed now (a reply is being written), if so; shown by the card. */
  blockedId?: string;
  /** Another answer of this card is on its way. */
  busy: boolean;
  onRun(always: boolean): void;
  onDeny(): void;
}

export function McpCallActions({ call, running, run, blockedId, busy, onRun, onDeny }: Props) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const id = useId();
  const unfit = (call.problems?.length ?? 0) > 0;
  const failed = !running && call.runError;
  const servers = useMcpServers().data;
  const changed = servers?.find((s) => s.id === call.mcp.serverId)?.redefined?.find((r) => r.tool === call.mcp.tool)?.changed;
  const runDescribed = blockedId ?? (unfit ? `${id}-unfit` : undefined);
  const runDisabled = !!blockedId || busy || running || unfit;
  return (
    <div className="tool-mcp">
      {/* Always there, so the start of a run and its progress are announced as they change. */}
      <p className="tool-run" role="status">
        {running && <RunProgress run={run} />}
      </p>
      {failed && (
        <p className="field-error" role="alert">
          {t('toolCall.runFailed', { message: say(call.runError) })}
        </p>
      )}
      {changed && !running && (
        <p className="hint" data-testid="tool-redefined">
          {t(`toolCall.redefined.${changed}`)}
        </p>
      )}
      {unfit && (
        <p id={`${id}-unfit`} className="hint">
          {t('toolCall.cannotRun')}
        </p>
      )}
      <span id={`${id}-always`} className="sr-only">
        {t('toolCall.alwaysAllowHint', { tool: call.mcp.tool })}
      </span>
      <div className="tool-actions">
        <button type="button" className="button button-primary chat-small" disabled={runDisabled} aria-describedby={runDescribed} onClick={() => onRun(false)}>
          {failed ? t('toolCall.runAgain') : t('toolCall.allowOnce')}
        </button>
        <button
          type="button"
          className="button chat-small"
          disabled={runDisabled}
          title={t('toolCall.alwaysAllowHint', { tool: call.mcp.tool })}
          aria-describedby={[`${id}-always`, runDescribed].filter(Boolean).join(' ')}
          onClick={() => onRun(true)}
        >
          {t('toolCall.alwaysAllow')}
        </button>
        <button type="button" className="button chat-small" disabled={!!blockedId || busy || running} aria-describedby={blockedId} onClick={onDeny}>
          {t('toolCall.deny')}
        </button>
      </div>
    </div>
  );
}
