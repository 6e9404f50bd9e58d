/**
 * The Chat tab: conversations in a sidebar, the open one beside it. Replies stream
 * through the stream store (one paint per frame: docs/performance.md, "Targets"); the conversation
 * itself is host-owned data in react-query, reconciled with `chat.get` each time it is opened.
 */
import './strings/register.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, errorMessage, useCall } from '../../api/client.js';
import { preloadMarkdown } from '../../components/markdown/lazy-markdown.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ChatIcon } from '../../components/icons.js';
import { TabIntro } from '../../components/TabIntro.js';
import { useDraft } from '../../state/drafts.js';
import { useUiStore } from '../../state/ui-store.js';
import { raiseFirstScreenReady } from '../../state/first-screen-ready.js';
import { conversationKey } from './model/conversation-cache.js';
import { applyListChange } from './model/conversation-list-cache.js';
import { ConversationList } from './ui/conversation-list.js';
import { LoadedPane, loadPane } from './ui/pane-loader.js';
import { NO_SELECTION, SELECTION_DRAFT } from './model/selection.js';
import { useOpenedConversation } from './model/use-opened-conversation.js';
import type { ShownTitle } from './model/shown-title.js';
import { useChatEvents } from './model/use-chat-events.js';
import '../../components/generator/generator.css';
import './ui/chat.css';
import './ui/chat-sidebar.css';
import './ui/chat-organise.css';
import './ui/chat-messages.css';
import './ui/chat-settings.css';
import './ui/document-chips.css';

function OpenConversation({ id, title }: { id: string; title?: ShownTitle }) {
  const { t } = useTranslation(['chat', 'common']);
  const { opening, query, whole } = useOpenedConversation(id);

  const loading = <p className="chat-main chat-placeholder hint">{t('tab.loadingConversation')}</p>;
  const shown = query.data ?? opening.data;
  const failed = query.isError ? query : opening.isError ? opening : undefined;
  // The title as its own object, kept while it reads the same: the summary it comes from is new
  // with every change to the list (a send, a stream's start and end), and the pane is memoized.
  const named = title ?? shown;
  const titleText = named?.title;
  const untitled = named?.untitled;
  const shownTitle = useMemo<ShownTitle>(() => ({ title: titleText ?? '', untitled }), [titleText, untitled]);
  if (!shown && failed) {
    return (
      <div className="chat-main chat-placeholder" role="alert">
        <p className="field-error">{errorMessage(failed.error)}</p>
        <button type="button" className="button" onClick={() => void failed.refetch()}>
          {t('common:tryAgain')}
        </button>
      </div>
    );
  }
  if (!shown) return loading;
  const partial = !query.data && !whole;
  const rest = partial && query.isError ? { message: errorMessage(query.error), retry: () => void query.refetch() } : undefined;
  return <LoadedPane conversation={shown} partial={partial} restFailed={rest} title={shownTitle} fallback={loading} />;
}

export default function ChatTab() {
  const { t } = useTranslation(['chat', 'common']);
  const client = useQueryClient();
  const list = useCall('chat.list', {});
  const [selection, setSelection] = useDraft(SELECTION_DRAFT, NO_SELECTION);
  const [gone, setGone] = useState<readonly string[]>([]);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  useChatEvents((id) => setGone((g) => [...g, id]));
  useEffect(preloadMarkdown, []);
  // A new conversation opens at once: the pane's chunk is fetched while the page is idle.
  useEffect(() => {
    const idle = requestIdleCallback(() => void loadPane(), { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);

  // A stored selection that no longer exists (removed elsewhere, another profile) falls back to the newest.
  const checked = useRef(false);
  const items = (list.data ?? []).filter((c) => !gone.includes(c.id));
  useEffect(() => {
    if (checked.current || !list.data) return;
    checked.current = true;
    if (selection.id && !list.data.some((c) => c.id === selection.id)) setSelection({ id: '' });
  }, [list.data, selection.id, setSelection]);
  const selectedId = selection.id && !gone.includes(selection.id) ? selection.id : (items[0]?.id ?? '');
  // Another tab asked for a conversation (the Spend view's rows): it opens here.
  const focus = useUiStore((s) => s.chatFocus);
  useEffect(() => {
    if (!focus) return;
    setSelection({ id: focus });
    useUiStore.getState().clearChatFocus();
  }, [focus, setSelection]);

  const create = async () => {
    setCreating(true);
    setCreateError(null);
    try {
      const view = await call('chat.create', {});
      client.setQueryData(conversationKey(view.id), view);
      applyListChange(client, view.id, view);
      setSelection({ id: view.id });
    } catch (e) {
      setCreateError(errorMessage(e));
    } finally {
      setCreating(false);
    }
  };

  // One function for the tab's life: each sidebar row is memoized, and a new one per render (this
  // tab renders on every change to the list, a send among them) rendered every row again.
  const select = useCallback((id: string) => setSelection({ id }), [setSelection]);
  const summary = items.find((c) => c.id === selectedId);
  // With no conversation to open, the empty state's "New conversation" is the first screen's
  // input: the other tabs' code may come now (an open one's pane says so itself).
  const empty = !selectedId && !list.isPending;
  useEffect(() => {
    if (empty) raiseFirstScreenReady();
  }, [empty]);
  return (
    <div className="chat-tab">
      <TabIntro title={t('tab.title')}>{t('tab.intro')}</TabIntro>
      <div className="chat-layout">
        <ConversationList selectedId={selectedId} onSelect={select} onNew={() => void create()} creating={creating} createError={createError} />
        {selectedId ? (
          <OpenConversation key={selectedId} id={selectedId} title={summary} />
        ) : list.isPending ? (
          <p className="chat-main chat-placeholder hint">{t('common:loading')}</p>
        ) : (
          <div className="chat-main chat-placeholder chat-empty">
            <EmptyState
              icon={<ChatIcon />}
              title={t('tab.emptyHeading')}
              actions={
                <button type="button" className="button button-primary" onClick={() => void create()} disabled={creating}>
                  {t('tab.newConversation')}
                </button>
              }
            >
              {t('tab.emptyHint')}
            </EmptyState>
          </div>
        )}
      </div>
    </div>
  );
}
