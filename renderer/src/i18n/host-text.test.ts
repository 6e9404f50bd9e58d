// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host } from './en/host.js';
import { hostText, hostTextNow, useHostText } from './host-text.js';
import { setLanguage } from './index.js';
import { zhCN } from './zh-CN/index.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Tree = { readonly [key: string]: string | Tree };
const pairs = (en: Tree, zh: Tree): [string, string][] =>
  Object.entries(en).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[value, zh[key] as string]] : pairs(value, zh[key] as Tree));

const zh = (message: string) => hostText(message, 'zh-CN');

describe('before Chinese is fetched', () => {
  it('shows the host message as it came', () => {
    expect(zh('Cancelled.')).toBe('Cancelled.');
  });
});

describe('host messages in Chinese', () => {
  beforeAll(() => setLanguage('zh-CN'));
  afterAll(() => setLanguage('en'));

  it('translates an exact message', () => {
    expect(zh('Cancelled.')).toBe('已取消。');
    expect(zh('Connected: the key works.')).toBe('已连接：密钥有效。');
    expect(zh('Speed is 0.25 to 4.')).toBe('语速范围为 0.25 到 4。');
  });

  it('puts the values of a templated message back', () => {
    expect(zh('The download ended early (512 of 2048 bytes).')).toBe('下载提前结束（已收到 512 / 2048 字节）。');
    expect(zh('The download failed (HTTP 503).')).toBe('下载失败（HTTP 503）。');
    expect(zh('"cat.webp" is WEBP; reference images must be JPEG or PNG.')).toBe('“cat.webp”为 WEBP；参考图必须是 JPEG 或 PNG。');
    expect(zh("'n' must be a JSON integer from 1 to 15 (a number, not a string)")).toBe("'n' 必须是 1 到 15 之间的 JSON 整数（数字，而非字符串）");
  });

  it('translates a value that is itself a host text', () => {
    expect(zh('Your settings could not be saved: the disk is full. Free some space, then try again.')).toBe('无法保存你的设置：磁盘已满。请释放一些空间，然后重试。');
    expect(zh('Could not reach the gateway: nothing is listening at that address. Check the base URL and your connection.'))
      .toBe('无法连接网关：该地址上没有服务在监听。请检查网关地址和网络连接。');
    expect(zh('The gateway is busy (too many requests); try again in 3 s.')).toBe('网关繁忙（请求过多），请 3 秒后重试。');
    expect(zh('The gateway is busy (too many requests); try again shortly.')).toBe('网关繁忙（请求过多），请稍后重试。');
    expect(zh('Temperature is 0 to 2.')).toBe('温度的范围为 0 到 2。');
    expect(zh('Top P is 0 to 1.')).toBe('Top P 的范围为 0 到 1。');
    expect(zh('The download could not start: Only http and https links can be fetched (got ftp:).')).toBe('无法开始下载：只能获取 http 和 https 链接（收到的是 ftp:）。');
    expect(zh('The gateway answered without audio (the answer was empty or not a sound file). Is the base URL a Unified AI Generation Gateway?'))
      .toBe('网关的响应中没有音频（响应为空或不是音频文件）。请确认网关地址指向的是 Unified AI Generation Gateway。');
    expect(zh('"scan.bin" is not a readable image; images sent to the model must be JPEG or PNG.')).toBe('“scan.bin”为无法读取的图片；发送给模型的图片必须是 JPEG 或 PNG。');
  });

  it('keeps the gateway’s own words inside the host’s', () => {
    expect(zh('The gateway rejected the API key. Check the key in Settings. The gateway said: Invalid API key'))
      .toBe('网关拒绝了此 API 密钥，请在设置中检查密钥。网关提示：Invalid API key');
    expect(zh('Your balance is too low for this — top up your account and retry.')).toBe('余额不足，请充值后重试。');
    expect(zh('The gateway says: content policy violation')).toBe('网关提示：content policy violation');
  });

  it('translates messages wrapped in other messages, to any depth', () => {
    expect(zh("The gateway refused the request: 'n' must be a JSON integer from 1 to 15 (a number, not a string) The job was not sent."))
      .toBe("网关拒绝了请求：'n' 必须是 1 到 15 之间的 JSON 整数（数字，而非字符串）任务未发送。");
    expect(zh('Checking failed: The gateway had a problem (502); this is usually temporary. The gateway said: Bad gateway The studio keeps trying.'))
      .toBe('查询失败：网关出现问题（502），通常是暂时的。网关提示：Bad gateway工作室会继续尝试。');
    expect(zh('The gateway stopped sending the reply (nothing arrived for 60 s). The text so far is kept.'))
      .toBe('网关停止发送回复（已有 60 秒未收到任何内容）。已生成的文字会保留。');
  });

  it('prefers the most specific template', () => {
    expect(zh("'size' must be one of 1:1, 4:3 for seedream-4-5")).toBe("对于 seedream-4-5，'size' 必须是以下之一：1:1, 4:3");
    expect(zh("'voice' must be one of alloy, echo")).toBe("'voice' 必须是以下之一：alloy, echo");
    expect(zh("'image_urls' allows at most 10 reference images for seedream-4-5")).toBe("'image_urls' 最多允许 10 张参考图（seedream-4-5）");
  });

  it('translates a message of several sentences sentence by sentence', () => {
    expect(zh('Cancelled. The download was interrupted.')).toBe('已取消。下载被中断。');
    expect(zh('The download was interrupted. Quota exceeded for org-1. Cancelled.')).toBe('下载被中断。Quota exceeded for org-1. 已取消。');
  });

  it('leaves a message it does not know unchanged', () => {
    for (const text of ['Model overloaded, please retry', '', 'Quota exceeded. Contact your admin.', '模型繁忙']) expect(zh(text)).toBe(text);
  });

  it('gives every entry of the catalog its own translation', () => {
    // Pieces are written with the space that joins them to their message, and matched without it.
    for (const [english, chinese] of pairs(host, zhCN.host)) {
      const sample = (text: string) => text.replace(/{{\s*\w+\s*}}/g, '7');
      expect(zh(sample(english.trim())), english).toBe(sample(chinese));
    }
  });

  it('follows the language shown', () => {
    expect(hostTextNow('Cancelled.')).toBe('已取消。');
  });
});

describe('host messages in English', () => {
  it('are shown exactly as the host wrote them', () => {
    for (const [english] of pairs(host, zhCN.host)) expect(hostText(english, 'en')).toBe(english);
    const wrapped = 'Checking failed: The download was interrupted. The studio keeps trying.';
    expect(hostText(wrapped, 'en')).toBe(wrapped);
    expect(hostText(wrapped, 'en-GB')).toBe(wrapped);
  });
});

describe('useHostText', () => {
  it('translates in the language shown, and again when it changes', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    function Note() {
      return createElement('p', null, useHostText()('That job is no longer in the list.'));
    }
    act(() => root.render(createElement(Note)));
    expect(container.textContent).toBe('That job is no longer in the list.');
    await act(() => setLanguage('zh-CN'));
    expect(container.textContent).toBe('该任务已不在列表中。');
    await act(() => setLanguage('en'));
    expect(container.textContent).toBe('That job is no longer in the list.');
    act(() => root.unmount());
  });
});
