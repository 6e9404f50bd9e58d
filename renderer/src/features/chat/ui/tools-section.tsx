/**
 * Tools of the responses API (spec 4.4): web search, file search, function tools defined here,
 * a remote MCP server (the gateway calls it), and the studio's own MCP servers (Settings → MCP
 * servers), whose tools the studio runs after the creator's approval (docs/mcp.md). Turning any on
 * sends the conversation's turns through the responses API.
 * File search searches the files uploaded to the gateway account, and the gateway shows no upload
 * route (spec 4.4), so the box says so beside it rather than promising the creator's own files.
 * Beside the functions, how many rounds of calls one turn may take (the model's calls, the
 * creator's answers, its next reply), so a model that keeps calling cannot loop without end.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@shared/contract/chat.js';
import { Field } from '../../../components/Field.js';
import { TextField } from '../../../components/TextField.js';
import { useFormats } from '../../../i18n/format.js';
import { FunctionToolEditor } from './function-tool-editor.js';
import { useFeatureSlots } from '../../../components/feature-slots.js';
import { McpTokenField } from './mcp-token-field.js';
import { apiLabel, ignoredBy, TOOL_ROUNDS, type ChatApi, type FunctionDraft, type SettingsErrors, type SettingsForm } from '../model/settings-form.js';

interface Props {
  conversation: ConversationView;
  form: SettingsForm;
  errors: SettingsErrors;
  api: ChatApi;
  change(patch: Partial<SettingsForm>): void;
}

const EXAMPLE_SCHEMA = JSON.stringify({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, null, 2);

export function ToolsSection({ conversation, form, errors, api, change }: Props) {
  const { t } = useTranslation('chat');
  const fmt = useFormats();
  const fileNote = useId();
  const slots = useFeatureSlots();
  const setFn = (key: string, patch: Partial<FunctionDraft>) => change({ functions: form.functions.map((f) => (f.key === key ? { ...f, ...patch } : f)) });
  const addFn = () => change({ functions: [...form.functions, { key: crypto.randomUUID(), name: '', description: '', schema: EXAMPLE_SCHEMA }] });
  return (
    <fieldset className="chat-tools">
      <legend>{t('tools.legend')}</legend>
      {ignoredBy(api, 'tools') && <p className="hint">{t('tools.ignored', { api: apiLabel(api, t) })}</p>}
      <div className="chat-inline">
        <label className="chat-check">
          <input type="checkbox" checked={form.webSearch} onChange={(e) => change({ webSearch: e.target.checked })} />
          {t('tools.webSearch')}
        </label>
        <label className="chat-check">
          <input type="checkbox" checked={form.fileSearch} aria-describedby={fileNote} onChange={(e) => change({ fileSearch: e.target.checked })} />
          {t('tools.fileSearch')}
        </label>
      </div>
      <p className="hint" id={fileNote}>{t('tools.fileSearchNote')}</p>
      <section aria-label={t('tools.functions')}>
        <h4 className="chat-subhead">{t('tools.functions')}</h4>
        {form.functions.length > 0 && (
          <ul className="chat-fn-list">
            {form.functions.map((f, i) => (
              <FunctionToolEditor
                key={f.key}
                draft={f}
                index={i}
                errors={errors}
                onChange={(patch) => setFn(f.key, patch)}
                onRemove={() => change({ functions: form.functions.filter((x) => x.key !== f.key) })}
              />
            ))}
          </ul>
        )}
        <button type="button" className="button chat-small" onClick={addFn} disabled={form.functions.length >= 32}>
          {t('tools.addFunction')}
        </button>
        <Field label={t('tools.rounds')} hint={t('tools.roundsHint', { min: fmt.number(TOOL_ROUNDS.min), max: fmt.number(TOOL_ROUNDS.max), default: fmt.number(TOOL_ROUNDS.default) })} error={errors.toolRounds} className="chat-rounds">
          {(control) => (
            <input {...control} type="number" inputMode="numeric" min={TOOL_ROUNDS.min} max={TOOL_ROUNDS.max} step={1} value={form.toolRounds} onChange={(e) => change({ toolRounds: e.target.value })} />
          )}
        </Field>
      </section>
      {slots.mcpServerChoice({ chosen: form.mcpServers, onChange: (mcpServers) => change({ mcpServers }) })}
      <section aria-label={t('tools.mcp')} className="chat-mcp">
        <h4 className="chat-subhead">{t('tools.mcp')}</h4>
        <label className="chat-check">
          <input type="checkbox" checked={form.mcpEnabled} onChange={(e) => change({ mcpEnabled: e.target.checked })} />
          {t('tools.useMcp')}
        </label>
        {form.mcpEnabled && (
          <>
            <TextField label={t('tools.mcpUrl')} type="url" value={form.mcpUrl} placeholder="https://mcp.example.com/sse" onChange={(e) => change({ mcpUrl: e.target.value })} error={errors.mcpUrl} spellCheck={false} />
            <McpTokenField conversationId={conversation.id} tail={conversation.mcpTokenTail} />
          </>
        )}
      </section>
    </fieldset>
  );
}
