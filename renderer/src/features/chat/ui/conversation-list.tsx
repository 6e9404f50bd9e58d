/**
 * The conversations sidebar: New, a search over titles and messages (with the matching snippet),
 * and the list newest first, pinned ones first and the rest grouped in folders (organisation.ts);
 * a search lists its matches flat, wherever they are filed. Each entry opens on click or Enter,
 * the arrow keys move between entries, and Pin, More actions, Rename (inline: Enter saves, Escape
 * cancels) and Delete (after a confirmation) sit beside it.
 */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { errorMessage, useCall } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useDebounced } from '../../../state/use-debounced.js';
import { ConversationItem } from './conversation-item.js';
import { groupConversations } from '../model/organisation.js';
import { useOrganisation } from '../model/use-organisation.js';
import { FolderGroup } from './folder-group.js';
import { SidebarOrganise } from './sidebar-organise.js';

interface Props {
  selectedId: string;
  onSelect(id: string): void;
  onNew(): void;
  creating: boolean;
  createError: string | null;
}

/** Up/Down/Home/End between the entries' open buttons, as in a listbox. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(e.key) || !(e.target instanceof HTMLElement) || !e.target.classList.contains('chat-conv-open')) return;
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>('.chat-conv-open')];
  const at = all.indexOf(e.target);
  const to = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : at + (e.key === 'ArrowDown' ? 1 : -1);
  if (to < 0 || to >= all.length) return;
  e.preventDefault();
  all[to].focus();
}

export function ConversationList({ selectedId, onSelect, onNew, creating, createError }: Props) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormats();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 200);
  const list = useCall('chat.list', query ? { query } : {});
  const items: readonly ConversationSummary[] = list.data ?? [];
  const { organisation } = useOrganisation();
  const item = (c: ConversationSummary) => <ConversationItem key={c.id} conversation={c} selected={c.id === selectedId} onSelect={onSelect} query={query} />;
  const grouped = query ? undefined : groupConversations(items, organisation);

  return (
    <aside className="chat-sidebar" aria-label={t('sidebar.label')}>
      <button type="button" className="button button-primary chat-new" onClick={onNew} disabled={creating}>
        {creating ? t('sidebar.creating') : t('sidebar.newConversation')}
      </button>
      {createError && (
        <p className="field-error" role="alert">
          {createError}
        </p>
      )}
      <SidebarOrganise onOpen={onSelect} />
      <input
        type="search"
        className="chat-search"
        aria-label={t('sidebar.search')}
        placeholder={t('sidebar.searchPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && search) {
            e.stopPropagation();
            setSearch('');
          }
        }}
      />
      <div role="status" className="sr-only">
        {query && list.data ? t('sidebar.found', { count: items.length, n: f.number(items.length) }) : ''}
      </div>
      {list.isPending ? (
        <p className="hint chat-side-note">{t('sidebar.loading')}</p>
      ) : list.isError ? (
        <div className="chat-side-note" role="alert">
          <p className="field-error">{errorMessage(list.error)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t('common:tryAgain')}
          </button>
        </div>
      ) : items.length === 0 && !organisation.folders.length ? (
        <p className="hint chat-side-note">{query ? t('sidebar.noMatch', { query }) : t('sidebar.empty')}</p>
      ) : (
        <nav aria-label={t('sidebar.list')} className="chat-conv-nav" onKeyDown={moveFocus}>
          <ul className="chat-conv-list">
            {grouped ? (
              <>
                {grouped.top.map(item)}
                {grouped.folders.map((g) => (
                  <FolderGroup key={g.folder.id} folder={g.folder} count={g.items.length}>
                    {g.items.map(item)}
                  </FolderGroup>
                ))}
                {grouped.rest.map(item)}
              </>
            ) : (
              items.map(item)
            )}
          </ul>
        </nav>
      )}
    </aside>
  );
}
