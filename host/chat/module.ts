/**
 * Conversations and their replies (`chat.*`), streamed from the gateway's three text APIs. Opened
 * last: on close, replies in flight end first, so their terminal events still reach the listeners.
 */
import { join } from 'node:path';
import { defineModule } from '../module.js';
import { ChatImages } from './chat-images.js';
import { ChatDocuments } from './chat-documents.js';
import { ChatService } from './chat-service.js';
import { ChatSearchIndex } from './search-index.js';
import { organiseHandlers } from './organise-handlers.js';

export const chatModule = defineModule({
  name: 'chat',
  async open({ ports, options, log, now, emit, use }) {
    const { problems } = use('app');
    const { profiles, view } = use('settings');
    const { paymentRequired } = use('account');
    const { current } = use('library');
    const { attachments } = use('media');
    const chat = new ChatService({
      dir: join(ports.dataDir, 'conversations'),
      client: () => profiles.connect().client,
      secrets: ports.secrets,
      images: new ChatImages(() => current.root, attachments),
      documents: new ChatDocuments(() => current.root),
      emit, log, now,
      onUnreadable: (file, backup) => problems.add(file, backup),
      // A reply that fails is data, not a thrown error, so the dispatcher's banner does not see it.
      onPaymentRequired: paymentRequired,
      timing: options.chatTiming,
      mcp: use('mcp'),
      defaults: () => view().chatDefaults,
      searchIndex: new ChatSearchIndex(use('db').forDomain('chat')),
    });
    await chat.open();
    return chat;
  },
  close: (chat) => chat.close(),
  handlers: (ctx) => {
    const chat = ctx.use('chat');
    return {
      ...organiseHandlers(ctx),
      'chat.list': (i) => chat.list(i.query),
      'chat.search': (i) => chat.search(i),
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
      'chat.exportMarkdown': (i) => chat.exportMarkdown(i),
      'chat.switchVersion': (i) => chat.switchVersion(i),
      'chat.revealMessage': (i) => chat.revealMessage(i),
      'chat.sendMany': (i) => chat.sendMany(i),
      'chat.chooseVersion': (i) => chat.chooseVersion(i),
      'chat.setMcpToken': (i) => chat.setMcpToken(i.conversationId, i.token),
      'chat.addDocument': (i) => chat.addDocument(i),
    };
  },
});
