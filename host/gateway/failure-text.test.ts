/**
 * A gateway failure as a creator reads it (shared/messages): in the studio's language, with the
 * gateway's own words kept verbatim inside the studio's sentence.
 */
import { describe, expect, it } from 'vitest';
import { translateMessage } from '@shared/messages/translator.js';
import { failureFromNetwork, failureFromStatus } from './failure.js';

describe('gateway failures, translated', () => {
  it('reaches a Chinese-speaking creator in Chinese, the gateway\'s own words verbatim', () => {
    const failure = failureFromStatus(401, JSON.stringify({ error: { message: 'Incorrect API key provided: sk-…abcd' } }), 'application/json', null);
    expect(failure.code).toBe('unauthorized');
    expect(failure.message).toBe('The gateway rejected the API key. Check the key in Settings. The gateway said: Incorrect API key provided: sk-…abcd');
    expect(translateMessage(failure.toData().text, 'zh-CN')).toBe('网关拒绝了此 API 密钥，请在设置中检查密钥。网关提示：Incorrect API key provided: sk-…abcd');
    expect(translateMessage(failure.toData().text, 'en')).toBe(failure.message);
  });

  it('says why the gateway could not be reached, and how long to wait, in Chinese', () => {
    const refused = failureFromNetwork({ cause: { code: 'ECONNREFUSED' } }, false, false);
    expect(translateMessage(refused.text, 'zh-CN')).toBe('无法连接网关：该地址上没有服务在监听。请检查网关地址和网络连接。');
    expect(translateMessage(failureFromStatus(429, '', '', '3').text, 'zh-CN')).toBe('网关繁忙（请求过多），请 3 秒后重试。');
  });

  it('describes a proxy\'s web page in words of the studio, its title verbatim', () => {
    const page = failureFromStatus(502, '<html><title>Bad Gateway</title></html>', 'text/html', null);
    expect(translateMessage(page.text, 'zh-CN')).toBe('网关出现问题（502），通常是暂时的。网关提示：服务器返回了一个网页（“Bad Gateway”），可能是代理出错');
  });
});
