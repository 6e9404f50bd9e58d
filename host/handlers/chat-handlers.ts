/** The `chat.*` calls of the contract, mapped onto the chat service. */
import type { DomainHandlers } from '../dispatch.js';
import type { CoreServices } from '../services.js';

export function chatHandlers({ chat }: Pick<CoreServices, 'chat'>): DomainHandlers<'chat'> {
  return {
    'chat.list': (i) => chat.list(i.query),
    'chat.create': (i) => chat.create(i),
    'chat.get': (i) => chat.get(i.id, i.last),
    'chat.update': (i) => chat.update(i),
    'chat.remove': (i) => chat.remove(i.id),
    'chat.send': (i) => chat.send(i),
    'chat.regenerate': (i) => chat.regenerate(i),
    'chat.continue': (i) => chat.continue(i),
    'chat.stop': (i) => chat.stop(i.streamId),
    'chat.selectChoice': (i) => chat.selectChoice(i),
    'chat.answerToolCall': (i) => chat.answerToolCall(i),
    'chat.runToolCall': (i) => chat.runToolCall(i),
    'chat.toolCallArguments': (i) => chat.toolCallArguments(i),
    'chat.toolCallResult': (i) => chat.toolCallResult(i),
    'chat.stopTools': (i) => chat.stopTools(i.conversationId),
    'chat.exportMarkdown': (i) => chat.exportMarkdown(i.id, i.language),
    'chat.setMcpToken': (i) => chat.setMcpToken(i.conversationId, i.token),
  };
}
