/**
 * The conversation's own settings, in a collapsible panel: model and API, system prompt,
 * streaming, sampling parameters and tools. Saved as they change (see use-settings-editor).
 */
import type { ConversationView } from '../../../../shared/contract/chat.js';
import { Field } from '../../components/Field.js';
import { GenerationParams } from './generation-params.js';
import { ModelPicker } from './model-picker.js';
import { API_LABEL, type ChatApi } from './settings-form.js';
import { ToolsSection } from './tools-section.js';
import type { SettingsEditor } from './use-settings-editor.js';

interface Props {
  id: string;
  conversation: ConversationView;
  editor: SettingsEditor;
  api: ChatApi;
}

export function SettingsPanel({ id, conversation, editor, api }: Props) {
  const { form, errors, change } = editor;
  const problems = Object.keys(errors).length;
  return (
    <section id={id} className="chat-settings" aria-label="Conversation settings">
      <p className="hint chat-settings-status" role="status">
        Next turn goes through the {API_LABEL[api]} API.{' '}
        {editor.saveError ? (
          <span className="field-error">Not saved: {editor.saveError.message}</span>
        ) : problems ? (
          <span className="field-error">
            {problems} setting{problems > 1 ? 's' : ''} to fix before sending; the rest is saved.
          </span>
        ) : editor.saving ? (
          'Saving…'
        ) : (
          'Saved.'
        )}
      </p>
      <ModelPicker form={form} errors={errors} change={change} />
      <Field label="System prompt" error={errors.systemPrompt} hint="Sent first, before the conversation.">
        {(control) => (
          <textarea {...control} rows={3} value={form.systemPrompt} placeholder="You are a helpful assistant." onChange={(e) => change({ systemPrompt: e.target.value })} />
        )}
      </Field>
      <label className="chat-check">
        <input type="checkbox" checked={form.stream} onChange={(e) => change({ stream: e.target.checked })} />
        Stream replies as they are written
      </label>
      <GenerationParams form={form} errors={errors} api={api} change={change} />
      <ToolsSection conversation={conversation} form={form} errors={errors} api={api} change={change} />
    </section>
  );
}
