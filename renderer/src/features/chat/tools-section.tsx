/**
 * Tools of the responses API (spec 4.4): web search, file search, function tools defined here,
 * and a remote MCP server. Turning any on sends the conversation's turns through the responses API.
 */
import type { ConversationView } from '../../../../shared/contract/chat.js';
import { TextField } from '../../components/TextField.js';
import { FunctionToolEditor } from './function-tool-editor.js';
import { McpTokenField } from './mcp-token-field.js';
import { API_LABEL, ignoredBy, type ChatApi, type FunctionDraft, type SettingsErrors, type SettingsForm } from './settings-form.js';

interface Props {
  conversation: ConversationView;
  form: SettingsForm;
  errors: SettingsErrors;
  api: ChatApi;
  change(patch: Partial<SettingsForm>): void;
}

const EXAMPLE_SCHEMA = JSON.stringify({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, null, 2);

export function ToolsSection({ conversation, form, errors, api, change }: Props) {
  const setFn = (key: string, patch: Partial<FunctionDraft>) => change({ functions: form.functions.map((f) => (f.key === key ? { ...f, ...patch } : f)) });
  const addFn = () => change({ functions: [...form.functions, { key: crypto.randomUUID(), name: '', description: '', schema: EXAMPLE_SCHEMA }] });
  return (
    <fieldset className="chat-tools">
      <legend>Tools (responses API)</legend>
      {ignoredBy(api, 'tools') && <p className="hint">Ignored by the {API_LABEL[api]} API: switch the API to Auto to use tools.</p>}
      <div className="chat-inline">
        <label className="chat-check">
          <input type="checkbox" checked={form.webSearch} onChange={(e) => change({ webSearch: e.target.checked })} />
          Web search
        </label>
        <label className="chat-check">
          <input type="checkbox" checked={form.fileSearch} onChange={(e) => change({ fileSearch: e.target.checked })} />
          File search
        </label>
      </div>
      <section aria-label="Function tools">
        <h4 className="chat-subhead">Function tools</h4>
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
          + Add function
        </button>
      </section>
      <section aria-label="Remote MCP server" className="chat-mcp">
        <h4 className="chat-subhead">Remote MCP server</h4>
        <label className="chat-check">
          <input type="checkbox" checked={form.mcpEnabled} onChange={(e) => change({ mcpEnabled: e.target.checked })} />
          Use a remote MCP server
        </label>
        {form.mcpEnabled && (
          <>
            <TextField label="MCP server URL" type="url" value={form.mcpUrl} placeholder="https://mcp.example.com/sse" onChange={(e) => change({ mcpUrl: e.target.value })} error={errors.mcpUrl} spellCheck={false} />
            <McpTokenField conversationId={conversation.id} tail={conversation.mcpTokenTail} />
          </>
        )}
      </section>
    </fieldset>
  );
}
