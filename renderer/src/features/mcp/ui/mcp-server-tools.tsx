/**
 * A server's tools as the model would see them (name and description), folded to a count when
 * there are many; a tool not offered because its schema cannot be checked safely says why
 * (docs/robust-host.md, "Tool schemas"), and the count says how many are not offered; and the tools the creator chose to "Always allow" (a tool call card's choice,
 * docs/mcp.md), each of which can go back to asking every time.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorData, McpServerView } from '@shared/contract/index.js';
import { useAction } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { useMcpCache } from '../../../api/mcp-cache.js';

/** More tools than this are shown as a count until asked for. */
const FOLDED_OVER = 5;

export function McpServerTools({ server }: { server: McpServerView }) {
  const { t } = useTranslation('mcp');
  const f = useFormats();
  const say = useMessageText();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const { tools } = server;
  const count = t('card.tools', { count: tools.length, n: f.number(tools.length) });

  if (tools.length === 0) {
    return <p className="muted">{server.state === 'connected' ? t('card.noTools') : t('card.toolsLater')}</p>;
  }
  const folded = tools.length > FOLDED_OVER && !open;
  const unusable = tools.filter((tool) => tool.unusable).length;
  return (
    <div className="mcp-tools">
      <div className="mcp-row">
        <span className="mcp-tool-count">{count}</span>
        {unusable > 0 && <span className="mcp-tool-unusable">{t('card.toolsUnusable', { count: unusable, n: f.number(unusable) })}</span>}
        {tools.length > FOLDED_OVER && (
          <button type="button" className="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            {open ? t('card.hideTools') : t('card.showTools', { n: f.number(tools.length) })}
          </button>
        )}
      </div>
      {!folded && (
        <ul id={listId} className="mcp-tool-list" aria-label={t('card.toolsLabel', { name: server.spec.name })}>
          {tools.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code>
              {tool.description && <span className="hint"> — {tool.description}</span>}
              {tool.unusable && <p className="mcp-tool-unusable">{t('card.toolUnusable', { reason: say(tool.unusable) })}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AlwaysAllowed({ server }: { server: McpServerView }) {
  const { t } = useTranslation('mcp');
  const say = useMessageText();
  const { put } = useMcpCache();
  const [problem, setProblem] = useState<ErrorData | null>(null);
  const allow = useAction('mcp.setAlwaysAllow', { onSuccess: put });
  // A tool the server redefined since it was allowed asks again: listed, with what changed.
  const redefined = server.redefined ?? [];
  if (server.alwaysAllowed.length === 0 && redefined.length === 0) return null;
  const stop = (tool: string) => {
    if (allow.isPending) return;
    setProblem(null);
    allow.mutate({ id: server.id, tool, allowed: false }, { onError: setProblem });
  };
  return (
    <div className="mcp-allowed">
      <h5>{t('card.alwaysAllowed')}</h5>
      <ul className="mcp-tool-list">
        {[...server.alwaysAllowed.map((tool) => ({ tool, changed: undefined })), ...redefined].map(({ tool, changed }) => (
          <li key={tool} className="mcp-row">
            <code>{tool}</code>
            {changed && <span className="hint">{t(`card.redefined.${changed}`)}</span>}
            <button
              type="button"
              className="button"
              aria-label={t('card.stopAllowingLabel', { tool })}
              aria-disabled={allow.isPending}
              onClick={() => stop(tool)}
            >
              {t('card.stopAllowing')}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p className="form-error" role="alert">
          {say(problem)}
        </p>
      )}
    </div>
  );
}
