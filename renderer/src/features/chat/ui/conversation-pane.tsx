/**
 * One open conversation: its header (title, settings, export), the virtualized messages and the
 * composer, with the settings side panel beside them (use-side-panel.ts). Images may be dropped anywhere on it or pasted while
 * the Chat tab is shown; Esc stops a running reply and running MCP calls from anywhere in the shown
 * tab, and focus a pressed control takes with it lands on the next useful one (focus-keeping.ts).
 */
import { memo, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@shared/contract/chat.js';
import type { Input, Output } from '@shared/contract/index.js';
import type { ErrorData } from '@shared/contract/error-data.js';
import { call, errorMessage } from '../../../api/client.js';
import { linkPromptUse } from '../../../components/prompt-palette/prompt-fields.js';
import { useDraft } from '../../../state/drafts.js';
import { useUiStore } from '../../../state/ui-store.js';
import { applyCompareStart, applyStart } from '../model/conversation-cache.js';
import { useCompare } from '../model/use-compare.js';
import { ComparePicker } from './compare-picker.js';
import { loadMarkdown } from '../../../components/markdown/lazy-markdown.js';
import { raiseFirstScreenReady } from '../../../state/first-screen-ready.js';
import { Composer, type ComposerDraft } from './composer.js';
import { ComposerModel, useSendSummary } from './composer-model.js';
import { ConversationHeader } from './conversation-header.js';
import { PaneTitleContext, useShownTitle, type ShownTitle } from '../model/shown-title.js';
import { ReplySourceContext } from '../model/reply-source.js';
import { escStopsReply, focusAfterLoss, focusLost } from '../model/focus-keeping.js';
import { MessageList } from './message-list.js';
import { FindBar } from './find-bar.js';
import { useEndAnnouncement } from '../model/end-announcement.js';
import { effectiveApi, responsesModelOf } from '../model/settings-form.js';
import { SettingsPanel } from './settings-panel.js';
import { useActiveStream } from '../model/stream-store.js';
import { useToolsRunning } from '../model/tool-run-store.js';
import { useChatActions } from '../model/use-chat-actions.js';
import { usePendingImages, type PendingImage } from '../model/use-pending-images.js';
import { isDocumentName } from '@shared/gateway/document-kinds.js';
import { useContextRefusal, usePendingDocuments } from '../model/use-pending-documents.js';
import { useSettingsEditor } from '../model/use-settings-editor.js';
import { useSidePanel } from '../model/use-side-panel.js';
import { useGatewayFailure } from '../../../api/gateway-failure.js';

const EMPTY_DRAFT: ComposerDraft = { text: '', images: [], imagesFirst: false };

/** How long a send may take before the button says "Sending…". */
const SENDING_AFTER_MS = 200;

type ChatImageInput = NonNullable<Input<'chat.send'>['images']>[number];

const toInput = (i: PendingImage): ChatImageInput => (i.kind === 'file' ? { attachmentId: i.id } : { url: i.url });

/** The images of a drop: files, or an image dragged from a web page (its address). */
function dropped(e: DragEvent): { files: File[]; url?: string } {
  const files = [...e.dataTransfer.files];
  const url = files.length ? undefined : e.dataTransfer.getData('text/uri-list').split('\n').find((l) => l && !l.startsWith('#'));
  return { files, url };
}

interface PaneProps {
  conversation: ConversationView;
  title: ShownTitle;
  /** Only its newest messages are here yet (opening.ts): nothing is sent until the rest is. */
  partial?: boolean;
  /** The rest of a partial conversation did not come: why, and asking again. */
  restFailed?: { message: string; retry: () => void };
}

/**
 * The title reaches the header and the replies by context: a new title (a first message names the
 * conversation) renders them, not the pane's body, which is memoized: the tab above renders on
 * every change to the conversation list (a send, a stream's start and end each bring one), and
 * only a change of this conversation is news there.
 */
export function ConversationPane({ title, ...body }: PaneProps) {
  const id = body.conversation.id;
  const shownTitle = useShownTitle()(title);
  /** What a reply's next step names it by (reply-next-step.tsx). */
  const replySource = useMemo(() => ({ conversationId: id, title: shownTitle }), [id, shownTitle]);
  return (
    <PaneTitleContext value={title}>
      <ReplySourceContext value={replySource}>
        <PaneBody {...body} />
      </ReplySourceContext>
    </PaneTitleContext>
  );
}

const PaneBody = memo(function PaneBody({ conversation, partial = false, restFailed }: Omit<PaneProps, 'title'>) {
  const { t } = useTranslation(['chat', 'common']);
  const client = useQueryClient();
  const id = conversation.id;
  const editor = useSettingsEditor(conversation);
  const [draft, update] = useDraft<ComposerDraft>(`chat:${id}`, EMPTY_DRAFT);
  const pending = usePendingImages(draft.images, (change) => update((d) => ({ images: change(d.images) })));
  const docs = usePendingDocuments(draft.documents ?? [], (change) => update((d) => ({ documents: change(d.documents ?? []) })));
  const side = useSidePanel();
  const [sending, setSending] = useState(false);
  /** A send on its way: a second press of Send (or Ctrl+Enter) does nothing until it returns. */
  const inFlight = useRef(false);
  const [failure, setFailure] = useGatewayFailure();
  const [dragging, setDragging] = useState(false);
  // Committed, the newest messages and the composer are on the page; once the Markdown renderer
  // has come too (replies are drawn in plain text until then), the studio's first screen is usable,
  // and the other tabs' code may come (state/first-screen-ready.ts).
  useEffect(() => void loadMarkdown().then(raiseFirstScreenReady, raiseFirstScreenReady), []);
  const active = useActiveStream(id);
  /** MCP calls running in the conversation: Stop (and Esc) reach them too (docs/mcp.md). */
  const toolsRunning = useToolsRunning(id);
  const announcement = useEndAnnouncement(conversation);
  const { actions, stop, notice, clearNotice } = useChatActions(id, editor.flush);

  const settings = editor.settings;
  // Images anywhere in the context take every later turn to the responses API too.
  const earlierImages = useMemo(() => conversation.messages.some((m) => (m.images?.length ?? 0) > 0), [conversation.messages]);
  const versions = useMemo(() => conversation.messages.some((m) => m.versions), [conversation.messages]);
  // Not held yet: the earliest messages of a first open (partial), or the end of a branch just switched to.
  const missing = Math.max(0, conversation.messageCount - conversation.messages.length);
  const hasImages = earlierImages || draft.images.length > 0;
  const api = effectiveApi(settings, hasImages);
  // What the next message sends, said before it is sent; what its API cannot carry holds Send.
  const { summary, lacks } = useSendSummary(settings, api, hasImages);
  const problems = Object.keys(editor.errors).length;
  const model = api === 'responses' ? responsesModelOf(settings) : settings.model;
  const refusal = useContextRefusal(draft.documents ?? [], draft.text, model);
  const first = useMemo(() => ({ model, api }), [model, api]);
  const compare = useCompare(draft.compareWith, (compareWith) => update({ compareWith }), first, settings, hasImages);
  const blocked = partial
    ? t('composer.blockedLoading')
    : active
      ? t('composer.blockedStreaming')
      : problems
        ? t('composer.blockedSettings')
        : compare.blocked
          ? compare.blocked
        : lacks
          ? lacks
          : pending.busy
          ? t('composer.blockedImages')
          : docs.busy
          ? t('documents.blockedReading')
          : refusal;

  const send = async () => {
    if (inFlight.current) return;
    const documents = (draft.documents ?? []).map((d) => ({ documentId: d.id }));
    if (!draft.text.trim() && !draft.images.length && !documents.length) {
      setFailure({ code: 'invalid_input', message: t('composer.empty'), retryable: false });
      return;
    }
    // The request leaves first (with no settings change to save first, in this very task): the
    // host starts on the reply that much sooner.
    const images = draft.images.map(toInput);
    const input = { conversationId: id, text: draft.text, ...(images.length ? { images, imagesFirst: draft.imagesFirst } : {}), ...(documents.length ? { documents } : {}) };
    const targets = compare.targets;
    // Compared, the message goes to every model chosen at once (docs/chat-versions.md).
    const go = (): Promise<Output<'chat.send'> | Output<'chat.sendMany'>> => (targets ? call('chat.sendMany', { ...input, targets }) : call('chat.send', input));
    const started = editor.needsFlush() ? editor.flush().then(go) : go();
    inFlight.current = true;
    // "Sending…" only for a call that takes a while: the host answers in milliseconds, and the
    // flash of it cost the page a render of the pane while the host composes (bench/stream.ts:
    // 76.6 -> 69.5 ms of the page's main thread per streamed reply, 15 paired runs).
    const slow = window.setTimeout(() => setSending(true), SENDING_AFTER_MS);
    setFailure(null);
    try {
      const start = await started;
      if ('streams' in start) applyCompareStart(client, start);
      else applyStart(client, start, { kind: 'send' });
      linkPromptUse('chat', input.text, { replyId: start.reply.id });
      update({ text: '', images: [], documents: [] });
    } catch (e) {
      // The text and images stay in the composer; only the explanation is new.
      setFailure(e as ErrorData);
    } finally {
      window.clearTimeout(slow);
      inFlight.current = false;
      setSending(false);
    }
  };

  // Ctrl+V of an image anywhere in the shown Chat tab attaches it; text pastes as usual.
  const shown = useUiStore((s) => s.tab === 'chat');
  const attach = useEffectEvent((files: File[]) => void pending.addFiles(files));
  useEffect(() => {
    if (!shown) return;
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
      if (!files.length) return;
      e.preventDefault();
      attach(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [shown]);

  // Esc stops the reply from anywhere while the tab is shown, <body> included: a button that went
  // with focus (Regenerate, Stop) left it there, where the pane's own key handler never heard it.
  // A control that used Esc itself stopped it or marked it handled (escStopsReply).
  const streaming = !!active || toolsRunning;
  const stopOnEsc = useEffectEvent((e: KeyboardEvent) => {
    if (!streaming || !escStopsReply(e)) return;
    e.preventDefault();
    stop();
  });
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => stopOnEsc(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  // The control focus was last seen on inside the pane; checked after each render, which is when
  // a reply starting or ending takes buttons away (focus-keeping.ts).
  const paneRef = useRef<HTMLDivElement>(null);
  const lastFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const was = lastFocus.current;
    const pane = paneRef.current;
    if (!was || !pane || !shown || !focusLost(was)) return;
    lastFocus.current = null;
    focusAfterLoss(pane, was)?.focus();
  });

  // Ctrl+F (⌘F) while the chat has focus opens the find bar; closing it gives focus back to the messages.
  const [finding, setFinding] = useState(false);
  const [goTo, setGoTo] = useState<{ id: string; n: number }>();
  const go = useCallback((messageId: string) => setGoTo((g) => ({ id: messageId, n: (g?.n ?? 0) + 1 })), []);
  const closeFind = useCallback(() => {
    setFinding(false);
    paneRef.current?.querySelector<HTMLElement>('.chat-scroll')?.focus();
  }, []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    // A Gallery tile carries its item, fetched and attached like a pasted image (state/handoff.ts).
    if (pending.intake.dropItem(e.dataTransfer)) return;
    const { files: all, url } = dropped(e);
    // Documents by their name (docs/chat-documents.md); the rest are taken as images.
    const files = all.filter((f) => !isDocumentName(f.name));
    if (all.length > files.length) void docs.addFiles(all.filter((f) => isDocumentName(f.name)));
    if (files.length) void pending.addFiles(files);
    else if (url) pending.addUrl(url);
  };

  return (
    <div
      ref={paneRef}
      className={`chat-main${dragging ? ' is-dragging' : ''}`}
      onFocus={(e) => {
        lastFocus.current = e.target;
      }}
      onBlur={(e) => {
        // Focus moved on, outside the pane: nothing here to bring it back to.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) lastFocus.current = null;
      }}
      onDragOver={(e) => {
        if (![...e.dataTransfer.types].some((type) => type === 'Files' || type === 'text/uri-list')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
          e.preventDefault();
          setFinding(true);
          // Already open: Ctrl+F takes focus back to its field.
          paneRef.current?.querySelector<HTMLInputElement>('.chat-find-input')?.focus();
        }
      }}
    >
      <ConversationHeader id={id} settingsOpen={side.open} onToggleSettings={side.toggle} toggleRef={side.toggleRef} problems={problems} versions={versions} />
      <div className={`chat-body${side.open ? ' has-settings' : ''}`}>
        <div className="chat-thread">
          {notice && (
            <div className="chat-notice" role="alert">
              <span>{errorMessage(notice)}</span>
              <button type="button" className="button chat-small" onClick={clearNotice}>
                {t('common:dismiss')}
              </button>
            </div>
          )}
          {restFailed && (
            <div className="chat-notice" role="alert">
              <span>{restFailed.message}</span>
              <button type="button" className="button chat-small" onClick={restFailed.retry}>
                {t('common:tryAgain')}
              </button>
            </div>
          )}
          {finding && <FindBar key={id} conversationId={id} onGo={go} onClose={closeFind} />}
          <MessageList
            messages={conversation.messages}
            earlier={partial ? missing : 0}
            later={partial ? 0 : missing}
            actions={actions}
            locked={!!active || partial}
            goTo={goTo}
          />
          <Composer
            draft={draft}
            update={update}
            pending={pending}
            documents={docs}
            model={model}
            apiNote={conversation.messages.length === 0 ? `${summary} ${t('composer.fromDefaults')}` : summary}
            blocked={blocked}
            streaming={streaming}
            sending={sending}
            autoFocus={conversation.messages.length === 0}
            failure={failure}
            modelPicker={<ComposerModel form={editor.form} change={editor.change} />}
            compare={{ on: compare.on, toggle: compare.toggle, picker: <ComparePicker first={first} more={compare.more} onChange={(compareWith) => update({ compareWith })} /> }}
            onSend={() => void send()}
            onStop={stop}
          />
        </div>
        {side.open && <SettingsPanel id="chat-settings-panel" conversation={conversation} editor={editor} api={api} onClose={side.close} headingRef={side.focusRef} />}
      </div>
      <div role="status" className="sr-only">
        {announcement}
      </div>
      {dragging && (
        <div className="chat-drop" aria-hidden="true">
          {t('composer.drop')}
        </div>
      )}
    </div>
  );
});
