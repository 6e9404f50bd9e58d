// @vitest-environment happy-dom
/**
 * The host's messages on screen: in the language shown, from the one catalog (shared/messages),
 * and an old record's plain English as it was written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorData } from '@shared/contract/error-data.js';
import { msg } from '@shared/messages/message.js';
import { setLanguage } from './index.js';
import { messageText } from './messages.js';

afterEach(async () => {
  await setLanguage('en');
});

describe('host messages on screen', () => {
  const rejected = errorData('unauthorized', msg('gateway.failure.rejectedKey', { said: msg('gateway.failure.said', { detail: 'Invalid token (sk-…abcd)' }) }), false);

  it('shows a refused key in Chinese, with the gateway\'s own words verbatim', async () => {
    await setLanguage('zh-CN');
    expect(messageText(rejected)).toBe('网关拒绝了此 API 密钥，请在设置中检查密钥。网关提示：Invalid token (sk-…abcd)');
  });

  it('shows it in English by its catalog text', () => {
    expect(messageText(rejected)).toBe('The gateway rejected the API key. Check the key in Settings. The gateway said: Invalid token (sk-…abcd)');
  });

  it('shows plain English from an older record as it is, in any language, and nothing for nothing', async () => {
    await setLanguage('zh-CN');
    expect(messageText('The gateway says: refused')).toBe('The gateway says: refused');
    expect(messageText({ code: 'server_error', message: 'The gateway had a problem (500).', retryable: true } as never)).toBe('The gateway had a problem (500).');
    expect(messageText(undefined)).toBe('');
  });

  it('translates a form rule the shared schemas wrote as a code', async () => {
    await setLanguage('zh-CN');
    expect(messageText('rules.chat.alternatives {"max":4}')).toBe('最多 4 个候选回复。');
  });
});
