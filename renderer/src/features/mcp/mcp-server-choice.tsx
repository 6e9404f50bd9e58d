/**
 * Which of the studio's own MCP servers (Settings → MCP servers) offer their tools to this
 * conversation (`ChatTools.mcpServers`, docs/mcp.md). Each shows its state and tool count; a
 * chosen server that was removed since stays listed as removed, so it can be unchecked.
 */
import './strings/register.js';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@shared/contract/index.js';
import { useFormats } from '../../i18n/format.js';
import { useMessageText } from '../../i18n/messages.js';
import { useUiStore } from '../../state/ui-store.js';
import { useMcpServers } from '../../api/mcp-cache.js';

/** `ChatTools.mcpServers` holds at most this many (shared/contract/chat.ts). */
const MAX_CHOSEN = 16;

interface Props {
  chosen: readonly string[];
  onChange(ids: string[]): void;
}

export default McpServerChoice;

export function McpServerChoice({ chosen, onChange }: Props) {
  const { t } = useTranslation('mcp');
  const say = useMessageText();
  const f = useFormats();
  const headingId = useId();
  const servers = useMcpServers();
  const list = servers.data;
  const full = chosen.length >= MAX_CHOSEN;
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  // Only once the list is known can a chosen id be said to be gone.
  const removed = list ? chosen.filter((id) => !list.some((s) => s.id === id)) : [];

  const stateOf = (s: McpServerView) =>
    s.state === 'connected'
      ? `${t('state.connected')} · ${t('choice.tools', { count: s.tools.length, n: f.number(s.tools.length) })}`
      : t(`state.${s.state}`);

  return (
    <section aria-labelledby={headingId}>
      <h4 className="chat-subhead" id={headingId}>
        {t('choice.heading')}
      </h4>
      {servers.isError && <p className="field-error">{say(servers.error)}</p>}
      {!list && !servers.isError && <p className="hint">{t('choice.loading')}</p>}
      {list?.length === 0 && removed.length === 0 && (
        <p className="hint">
          {t('choice.none')}{' '}
          <button type="button" className="button chat-small" onClick={() => useUiStore.getState().openTab('settings')}>
            {t('choice.openSettings')}
          </button>
        </p>
      )}
      {list && list.length + removed.length > 0 && (
        <>
          <p className="hint">{t('choice.hint')}</p>
          <ul className="chat-fn-list">
            {list.map((s) => {
              const on = chosen.includes(s.id);
              return (
                <li key={s.id}>
                  <label className="chat-check">
                    <input type="checkbox" checked={on} disabled={!on && full} onChange={(e) => toggle(s.id, e.target.checked)} />
                    {s.spec.name}
                    <span className="hint" data-state={s.state}>
                      — {stateOf(s)}
                    </span>
                  </label>
                </li>
              );
            })}
            {removed.map((id) => (
              <li key={id}>
                <label className="chat-check">
                  <input type="checkbox" checked onChange={() => toggle(id, false)} />
                  {t('choice.removed')}
                  <span className="hint" data-state="removed">
                    — {t('choice.removedState')}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {full && <p className="hint">{t('choice.atMost', { max: MAX_CHOSEN })}</p>}
        </>
      )}
    </section>
  );
}
