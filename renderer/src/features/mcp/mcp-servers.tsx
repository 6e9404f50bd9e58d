/**
 * Settings → MCP servers: the servers whose tools a conversation may offer the model (docs/mcp.md).
 * The list is the host's (`mcp.list`, replaced whole by `mcp.onDidChange`); every tool call the
 * model asks for waits for the creator's approval in the Chat tab.
 */
import './strings/register.js';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@shared/contract/index.js';
import { useMessageText } from '../../i18n/messages.js';
import { useMcpCache, useMcpServers } from '../../api/mcp-cache.js';
import { McpServerCard } from './ui/mcp-server-card.js';
import { McpServerForm } from './ui/mcp-server-form.js';
import './ui/mcp-servers.css';

/** The last outcome, kept as data so its text follows a language switch. */
type Note = { key: 'section.addedLocal' | 'section.addedUrl' | 'section.removed'; name: string } | null;

export default McpServers;

export function McpServers() {
  const { t } = useTranslation('mcp');
  const say = useMessageText();
  const servers = useMcpServers();
  const { put } = useMcpCache();
  const [adding, setAdding] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const closeAdd = (saved?: McpServerView) => {
    setAdding(false);
    if (saved) {
      put(saved);
      setNote({ key: saved.spec.transport === 'stdio' ? 'section.addedLocal' : 'section.addedUrl', name: saved.spec.name });
    }
    // Give focus back to where the creator started, rather than dropping it on the page.
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <section className="settings-section" aria-labelledby="settings-mcp">
      <div className="section-head">
        <h3 id="settings-mcp">{t('section.heading')}</h3>
        <button
          type="button"
          className="button button-primary"
          ref={addButton}
          aria-expanded={adding}
          onClick={() => {
            setNote(null);
            setAdding(true);
          }}
        >
          {t('section.add')}
        </button>
      </div>
      <p className="muted">{t('section.about')}</p>
      <p role="status" className="saved-note">
        {note && t(note.key, { name: note.name })}
      </p>

      {adding && <McpServerForm onSaved={closeAdd} onCancel={() => closeAdd()} />}

      {servers.isError && <p className="form-error">{say(servers.error)}</p>}
      {!servers.data && !servers.isError && <p className="muted">{t('section.loading')}</p>}
      {servers.data?.length === 0 && !adding && <p className="muted">{t('section.empty')}</p>}
      {!!servers.data?.length && (
        <ul className="profile-list" aria-label={t('section.listLabel')}>
          {servers.data.map((server) => (
            <McpServerCard
              key={server.id}
              server={server}
              onRemoved={(name) => {
                setNote({ key: 'section.removed', name });
                addButton.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
