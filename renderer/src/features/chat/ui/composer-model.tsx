/**
 * The model of the next turn, in plain sight under the message box (the settings panel holds the
 * rest), and the line above the box that says what the next message sends: model, API, how many
 * replies and which tools, before anything is sent. The picker has a fixed width, so Send keeps
 * its place whatever model is chosen (chat.css).
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSettings } from '@shared/contract/chat.js';
import { TEXT_API_FEATURES } from '@shared/gateway/catalog.js';
import { useFormats } from '../../../i18n/format.js';
import { ModelCombobox } from '../../../components/model-combobox.js';
import { apiLabel, apiLacks, responsesModelOf, type ChatApi } from '../model/settings-form.js';
import { modelChoice } from './model-picker.js';
import type { SettingsEditor } from '../model/use-settings-editor.js';

/** Memoized: the pane renders at a send and at a stream's start and end, the model stays. */
export const ComposerModel = memo(function ComposerModel({ form, change }: Pick<SettingsEditor, 'form' | 'change'>) {
  const { t } = useTranslation('chat');
  return (
    <ModelCombobox
      className="chat-composer-model"
      label={t('composer.model')}
      labelHidden
      up
      allowCustom
      value={form.model}
      onChange={(m) => change(modelChoice(form, m))}
    />
  );
});

/**
 * What the next message sends, in one sentence, and what its API cannot carry (the reason Send
 * waits, then). The model named is the one the gateway gets: an older conversation's Auto may
 * swap in its responses model.
 */
export function useSendSummary(settings: ChatSettings, api: ChatApi, hasImages: boolean): { summary: string; lacks?: string } {
  const { t } = useTranslation('chat');
  const f = useFormats();
  const tools = settings.tools;
  const list: string[] = [
    tools.webSearch && t('composer.webSearch'),
    tools.fileSearch && t('composer.fileSearch'),
    tools.functions.length > 0 && t('composer.functions', { count: tools.functions.length, n: f.number(tools.functions.length) }),
    tools.mcpServers.length > 0 && t('composer.mcpServers', { count: tools.mcpServers.length, n: f.number(tools.mcpServers.length) }),
    tools.mcp.enabled && t('composer.remoteMcp'),
  ].filter((x) => typeof x === 'string');
  const n = TEXT_API_FEATURES[api].n ? settings.n : 1;
  const summary = t('composer.summary', {
    model: api === 'responses' && settings.api === 'auto' ? responsesModelOf(settings) : settings.model,
    api: apiLabel(api, t),
    n: t('composer.replies', { count: n, n: f.number(n) }),
    tools: list.length ? t('composer.toolsOn', { list: list.join(t('listSeparator')) }) : t('composer.toolsOff'),
  });
  const lacking = apiLacks(api, settings, hasImages);
  const lacks = lacking === 'images' ? t('composer.noImages', { api: apiLabel(api, t) }) : lacking === 'tools' ? t('composer.noTools') : undefined;
  return { summary, lacks };
}
