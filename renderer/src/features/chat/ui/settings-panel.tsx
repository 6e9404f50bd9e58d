/**
 * The conversation's own settings, in a side panel beside the messages (full height, its own
 * scroll; over the messages only in a narrow window: chat-settings.css): model and API, system
 * prompt, streaming, sampling parameters and tools. Saved as they change (see use-settings-editor).
 * Esc or its close button closes it; focus comes and goes with it (use-side-panel.ts).
 */
import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@shared/contract/chat.js';
import { Field } from '../../../components/Field.js';
import { useFormats } from '../../../i18n/format.js';
import { useMessageText } from '../../../i18n/messages.js';
import { GenerationParams } from './generation-params.js';
import { ModelPicker } from './model-picker.js';
import { apiLabel, type ChatApi } from '../model/settings-form.js';
import { ToolsSection } from './tools-section.js';
import type { SettingsEditor } from '../model/use-settings-editor.js';

interface Props {
  id: string;
  conversation: ConversationView;
  editor: SettingsEditor;
  api: ChatApi;
  onClose(): void;
  /** The panel's heading, focused when the creator opens it. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

export function SettingsPanel({ id, conversation, editor, api, onClose, headingRef }: Props) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const f = useFormats();
  const { form, errors, change } = editor;
  const problems = Object.keys(errors).length;
  const onKeyDown = (e: KeyboardEvent) => {
    // A control that used Esc itself (a list that closed) keeps it.
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    // Not also "stop the reply" (conversation-pane.tsx): Esc here closes the panel only.
    e.stopPropagation();
    onClose();
  };
  return (
    <section id={id} className="chat-settings" aria-labelledby={`${id}-heading`} onKeyDown={onKeyDown}>
      <div className="chat-settings-head">
        {/* h4: the panel is part of the conversation, whose title is the h3. */}
        <h4 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {t('settings.label')}
        </h4>
        <button type="button" className="icon-button" aria-label={t('settings.close')} title={t('settings.closeHint')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="hint chat-settings-status" role="status">
        {t('settings.nextTurn', { api: apiLabel(api, t) })}{' '}
        {editor.saveError ? (
          <span className="field-error">{t('settings.notSaved', { message: say(editor.saveError) })}</span>
        ) : problems ? (
          <span className="field-error">{t('settings.toFix', { count: problems, n: f.number(problems) })}</span>
        ) : editor.saving ? (
          t('settings.saving')
        ) : (
          t('settings.saved')
        )}
      </p>
      <ModelPicker form={form} errors={errors} change={change} />
      <Field label={t('settings.systemPrompt')} error={errors.systemPrompt} hint={t('settings.systemPromptHint')}>
        {(control) => (
          <textarea {...control} dir="auto" rows={3} value={form.systemPrompt} placeholder={t('settings.systemPromptPlaceholder')} onChange={(e) => change({ systemPrompt: e.target.value })} />
        )}
      </Field>
      <label className="chat-check">
        <input type="checkbox" checked={form.stream} onChange={(e) => change({ stream: e.target.checked })} />
        {t('settings.stream')}
      </label>
      <GenerationParams form={form} errors={errors} api={api} change={change} />
      <ToolsSection conversation={conversation} form={form} errors={errors} api={api} change={change} />
    </section>
  );
}
