/**
 * Where the next turn is written: a multi-line box (Enter sends and Shift+Enter adds a line, or
 * Ctrl/⌘+Enter sends, as the creator chose in Settings: keys.ts; Esc stops a running reply), images by picker, paste, drop (on the whole conversation: files, or
 * Gallery images by their tile or "Use in…", whose outcome is told here) or link, documents
 * by their own picker or a drop (document-chips.tsx),
 * Send, and Stop while a reply streams. Sending is refused with the reason while it cannot go.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorData } from '@shared/contract/error-data.js';
import { FailureNote } from '../../../components/generator/failure-note.js';
import { EMPTY, useCall } from '../../../api/client.js';
import { IntakeNotice } from '../../../components/use-in/intake-notice.js';
import { PaletteButton } from '../../../components/prompt-palette/palette-button.js';
import { usePromptField } from '../../../components/prompt-palette/use-prompt-field.js';
import { SUBMIT_SHORTCUT, submitOnKey } from '../model/keys.js';
import { ImageUrlBox, PendingImageList } from './pending-images.js';
import type { PendingImage, PendingImages } from '../model/use-pending-images.js';
import { DOCUMENT_EXTENSIONS } from '@shared/gateway/document-kinds.js';
import type { PendingDocument, PendingDocuments } from '../model/use-pending-documents.js';
import { PendingDocumentList } from './document-chips.js';
import type { CompareTarget } from '../model/compare-targets.js';

export interface ComposerDraft {
  text: string;
  images: PendingImage[];
  imagesFirst: boolean;
  /** Absent in drafts kept before documents could be attached. */
  documents?: PendingDocument[];
  /** Comparing: the models asked besides the conversation's own (compare-targets.ts). */
  compareWith?: CompareTarget[];
}

interface Props {
  draft: ComposerDraft;
  update(patch: Partial<ComposerDraft>): void;
  pending: PendingImages;
  documents: PendingDocuments;
  model: string;
  /** "Sent through the responses API with …", when images or tools take it there. */
  apiNote?: string;
  /** Why Send cannot be pressed now, if it cannot. */
  blocked?: string;
  /** A reply streams or MCP calls run: Stop is shown (and stops them). */
  streaming: boolean;
  sending: boolean;
  /** A new, empty conversation: the box takes focus, as typing is the only thing to do. */
  autoFocus?: boolean;
  failure: ErrorData | null;
  /** The model and API of the next turn, shown beside the buttons. */
  modelPicker?: ReactNode;
  /** Comparing models: on or off, and the bar that chooses them (compare-picker.tsx). */
  compare: { on: boolean; toggle(): void; picker: ReactNode };
  onSend(): void;
  onStop(): void;
}

export function Composer({ draft, update, pending, documents, model, apiNote, blocked, streaming, sending, autoFocus, failure, modelPicker, compare, onSend, onStop }: Props) {
  const { t } = useTranslation('chat');
  const picker = useRef<HTMLInputElement>(null);
  const docPicker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const palette = usePromptField('chat', { ref: box, value: draft.text, onChange: (text) => update({ text }), model });
  const [linking, setLinking] = useState(false);
  const reasonId = useId();
  const sendKey = useCall('settings.get', EMPTY).data?.chatSendKey ?? 'enter';
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!blocked && !sending) onSend();
  };

  return (
    <form className="chat-composer" aria-label={t('composer.label')} onSubmit={submit} noValidate>
      {apiNote && (
        <p className="hint chat-api-note" data-testid="chat-api-note">
          {apiNote}
        </p>
      )}
      <PendingImageList images={draft.images} pending={pending} imagesFirst={draft.imagesFirst} onOrder={(imagesFirst) => update({ imagesFirst })} />
      <PendingDocumentList documents={draft.documents ?? []} pending={documents} model={model} />
      {linking && <ImageUrlBox pending={pending} onDone={() => setLinking(false)} />}
      {pending.problem && <p className="field-error">{pending.problem}</p>}
      {compare.on && compare.picker}
      <IntakeNotice notice={pending.intake.notice} />
      <textarea
        ref={box}
        onFocus={palette.onFocus}
        dir="auto"
        className="chat-input"
        aria-label={t('composer.message')}
        rows={3}
        autoFocus={autoFocus}
        value={draft.text}
        placeholder={sendKey === 'enter' ? t('composer.placeholderEnter', { model }) : t('composer.placeholder', { model, shortcut: SUBMIT_SHORTCUT })}
        onChange={(e) => update({ text: e.target.value })}
        onKeyDown={(e) => submitOnKey(e, submit, sendKey)}
        aria-describedby={blocked ? reasonId : undefined}
      />
      {failure && <FailureNote error={failure} action={t('composer.send')} kept={t('composer.kept')} />}
      <div className="chat-composer-actions">
        <button type="button" className="button chat-small" onClick={() => picker.current?.click()}>
          {t('composer.attach')}
        </button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label={t('composer.imageFiles')}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void pending.addFiles(files);
          }}
        />
        <button type="button" className="button chat-small" onClick={() => docPicker.current?.click()}>
          {t('documents.attach')}
        </button>
        <input
          ref={docPicker}
          type="file"
          accept={DOCUMENT_EXTENSIONS.join(',')}
          multiple
          hidden
          aria-label={t('documents.files')}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void documents.addFiles(files);
          }}
        />
        <button type="button" className="button chat-small" onClick={() => setLinking(true)} disabled={linking}>
          {t('composer.addUrl')}
        </button>
        <PaletteButton className="button chat-small" onOpen={palette.openPalette} />
        {modelPicker}
        <button type="button" className="button chat-small" aria-pressed={compare.on} onClick={compare.toggle}>
          {t('compare.toggle')}
        </button>
        <span className="chat-composer-gap" />
        {blocked && (
          <span id={reasonId} className="hint chat-blocked">
            {blocked}
          </span>
        )}
        {streaming && (
          <button type="button" className="button button-danger chat-stop" onClick={onStop}>
            {t('composer.stop')} <span className="gen-kbd" aria-hidden="true">Esc</span>
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={!!blocked || sending} aria-describedby={blocked ? reasonId : undefined}>
          {sending ? t('composer.sending') : t('composer.send')}
          <span className="gen-kbd" aria-hidden="true">
            {sendKey === 'enter' ? 'Enter' : SUBMIT_SHORTCUT}
          </span>
        </button>
      </div>
    </form>
  );
}
