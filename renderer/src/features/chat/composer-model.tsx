/**
 * The model and API of the next turn, in plain sight under the message box (the settings panel
 * holds the rest): a creator switches models as often as they write. A custom model id, or a
 * setting at fault, is edited in the panel, which this opens.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MODELS } from '@shared/gateway/catalog.js';
import { apiLabel, type ChatApi } from './settings-form.js';
import { CUSTOM, modelChoice, ModelOptions } from './model-picker.js';
import type { SettingsEditor } from './use-settings-editor.js';

interface Props {
  editor: SettingsEditor;
  api: ChatApi;
  /** Opens the settings panel (for a custom model id). */
  openSettings(): void;
}

export function ComposerModel({ editor, api, openSettings }: Props) {
  const { t } = useTranslation('chat');
  const id = useId();
  const { form, change } = editor;
  return (
    <span className="chat-composer-model">
      <label htmlFor={id} className="sr-only">
        {t('composer.model')}
      </label>
      <select
        id={id}
        className="chat-small"
        value={form.model}
        onChange={(e) => {
          change(modelChoice(form, e.target.value));
          if (e.target.value === CUSTOM) openSettings();
        }}
      >
        {!CHAT_MODELS.includes(form.model) && <option value={form.model}>{form.model || t('model.custom')}</option>}
        <ModelOptions />
      </select>
      <span className="hint" data-testid="chat-api">
        {t('composer.via', { api: apiLabel(api, t) })}
      </span>
    </span>
  );
}
