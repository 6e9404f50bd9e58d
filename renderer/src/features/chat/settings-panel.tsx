/**
 * The conversation's own settings, in a collapsible panel: model and API, system prompt,
 * streaming, sampling parameters and tools. Saved as they change (see use-settings-editor).
 */
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@shared/contract/chat.js';
import { Field } from '../../components/Field.js';
import { useFormats } from '../../i18n/format.js';
import { useMessageText } from '../../i18n/messages.js';
import { GenerationParams } from './generation-params.js';
import { ModelPicker } from './model-picker.js';
import { apiLabel, type ChatApi } from './settings-form.js';
import { ToolsSection } from './tools-section.js';
import type { SettingsEditor } from './use-settings-editor.js';

interface Props {
  id: string;
  conversation: ConversationView;
  editor: SettingsEditor;
  api: ChatApi;
}

export function SettingsPanel({ id, conversation, editor, api }: Props) {
  const { t } = useTranslation('chat');
  const say = useMessageText();
  const f = useFormats();
  const { form, errors, change } = editor;
  const problems = Object.keys(errors).length;
  return (
    <section id={id} className="chat-settings" aria-label={t('settings.label')}>
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
