/**
 * The remote MCP server's auth token, write-only like the API key (docs/house-rules.md, "Secrets
 * are write-only"): it lives only in this uncontrolled password box until submitted with `call`
 * (never useAction, whose cache keeps its input), and afterwards only its last four characters are
 * shown.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConversationView } from '@shared/contract/chat.js';
import { call, errorMessage } from '../../../api/client.js';
import { FieldMessages } from '../../../components/Field.js';
import { SecretInput } from '../../../components/SecretInput.js';
import { conversationKey } from '../model/conversation-cache.js';

export function McpTokenField({ conversationId, tail }: { conversationId: string; tail: string | undefined }) {
  const { t } = useTranslation(['chat', 'common']);
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = `mcp-token-${conversationId}`;

  const setToken = async (token: string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const { tokenTail } = await call('chat.setMcpToken', { conversationId, token });
      if (input.current) input.current.value = '';
      client.setQueryData<ConversationView>(conversationKey(conversationId), (c) => (c ? { ...c, mcpTokenTail: tokenTail } : c));
      setReplacing(false);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const token = input.current?.value.trim() ?? '';
    if (!token) return setProblem(t('mcp.pasteFirst'));
    void setToken(token);
  };

  if (tail && !replacing) {
    return (
      <div className="chat-mcp-token" role="group" aria-label={t('mcp.label')}>
        <span className="hint" data-testid="mcp-token-saved">
          {t('mcp.saved', { tail })}
        </span>
        <button type="button" className="button chat-small" onClick={() => setReplacing(true)} disabled={busy}>
          {t('mcp.replace')}
        </button>
        <button type="button" className="button button-danger chat-small" onClick={() => void setToken(null)} disabled={busy}>
          {t('mcp.clear')}
        </button>
        {problem && <p className="field-error">{problem}</p>}
      </div>
    );
  }

  return (
    <div className="field">
      <label htmlFor={id}>{tail ? t('mcp.newLabel') : t('mcp.label')}</label>
      <div className="chat-inline">
        <SecretInput id={id} ref={input} invalid={!!problem} onEnter={save} />
        <button type="button" className="button" onClick={save} disabled={busy}>
          {busy ? t('mcp.saving') : t('mcp.save')}
        </button>
        {replacing && (
          <button type="button" className="button" onClick={() => setReplacing(false)}>
            {t('common:cancel')}
          </button>
        )}
      </div>
      <FieldMessages id={id} hint={t('mcp.hint')} error={problem ?? undefined} />
    </div>
  );
}
