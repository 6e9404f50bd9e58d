/**
 * The conversations sidebar: New, a search over titles and messages (with the matching snippet),
 * and the list newest first, pinned ones first and the rest grouped in folders (organisation.ts);
 * a search lists its matches flat, wherever they are filed. Each entry opens on click or Enter,
 * the arrow keys move between entries, and Pin, More actions, Rename (inline: Enter saves, Escape
 * cancels) and Delete (after a confirmation) sit beside it. The list is drawn as a window
 * (conversation-window.tsx, its code fetched once there is a conversation to draw): a long history
 * costs the page a screenful of rows, not one per conversation (docs/performance-findings.md, "The
 * conversations sidebar as a window").
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@shared/contract/chat.js';
import { errorMessage, useCall } from '../../../api/client.js';
import { useFormats } from '../../../i18n/format.js';
import { useDebounced } from '../../../state/use-debounced.js';
import { groupConversations } from '../model/organisation.js';
import { useOrganisation } from '../model/use-organisation.js';
import { flatRows, groupedRows } from '../model/sidebar-rows.js';
import { SidebarOrganise } from './sidebar-organise.js';
import { LoadedConversationWindow } from './conversation-window-loader.js';

const NONE: readonly ConversationSummary[] = [];

interface Props {
  selectedId: string;
  onSelect(id: string): void;
  onNew(): void;
  creating: boolean;
  createError: string | null;
}

export function ConversationList({ selectedId, onSelect, onNew, creating, createError }: Props) {
  const { t } = useTranslation(['chat', 'common']);
  const f = useFormats();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 200);
  const list = useCall('chat.list', query ? { query } : {});
  const items: readonly ConversationSummary[] = list.data ?? NONE;
  const { organisation } = useOrganisation();
  const rows = useMemo(() => (query ? flatRows(items) : groupedRows(groupConversations(items, organisation))), [query, items, organisation]);

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
        <LoadedConversationWindow
          fallback={<p className="hint chat-side-note">{t('sidebar.loading')}</p>}
          label={t('sidebar.list')}
          rows={rows}
          selectedId={selectedId}
          onSelect={onSelect}
          query={query}
        />
      )}
    </aside>
  );
}
