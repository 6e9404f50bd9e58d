/**
 * The catalog, as a creator meets it: every message the host can write reads in English and in
 * Simplified Chinese with the same placeholders (a missing key also fails the typecheck: the
 * Catalog type), and a message shows the gateway's own words as they came, in either language.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeMessage, englishText, messageOfIssue, msg, MessageData, TextData, translate, zodMessage } from './index.js';
import { en } from './en/index.js';
import { translateMessage } from './translator.js';
import { zhCN } from './zh-CN/index.js';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the catalog', () => {
  const english = leaves(en);
  const chinese = leaves(zhCN);

  it('has every code in both languages, and nothing more in either', () => {
    expect([...english.keys()].filter((k) => !chinese.has(k))).toEqual([]);
    expect([...chinese.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('keeps the same placeholders in both languages, and no text empty', () => {
    for (const [code, text] of english) {
      expect(text.trim() || (code.endsWith('Shortly') ? 'fragment' : ''), code).not.toBe('');
      expect(placeholders(chinese.get(code) ?? ''), code).toEqual(placeholders(text));
    }
  });

  it('names no placeholder after an i18next option (it would be taken as one, not shown)', () => {
    for (const [code, text] of english) for (const name of placeholders(text)) expect(['count', 'context', 'ns', 'lng', 'defaultValue', 'ordinal', 'replace'], code).not.toContain(name);
  });
});

describe('a message', () => {
  it('is a code, its parameters and its English', () => {
    expect(msg('gateway.download.endedEarly', { size: 10, total: 20 })).toEqual({
      code: 'gateway.download.endedEarly', params: { size: 10, total: 20 }, message: 'The download ended early (10 of 20 bytes).',
    });
    expect(msg('jobs.task.gone')).toEqual({ code: 'jobs.task.gone', message: 'That job is no longer in the list.' });
  });

  it('translates the messages inside it too (a reason, a wait)', () => {
    const busy = msg('gateway.failure.rateLimited', { when: msg('gateway.failure.retryIn', { seconds: 3 }), said: '' });
    expect(translateMessage(busy, 'zh-CN')).toBe('网关繁忙（请求过多），请 3 秒后重试。');
    const unsaved = msg('jobs.dataWrite.notSaved', { what: msg('jobs.dataWrite.taskList'), reason: msg('jobs.dataWrite.diskFull') });
    expect(unsaved.message).toBe('The task list could not be saved: the disk is full. Free some space, then try again.');
    expect(translateMessage(unsaved, 'zh-CN')).toBe('无法保存任务列表：磁盘已满。请释放一些空间，然后重试。');
  });

  it('keeps a gateway\'s words that look like a placeholder or a nesting as they are', () => {
    const text = msg('jobs.task.gatewaySays', { message: 'bad {{model}} $t(jobs.task.gone)' });
    expect(translateMessage(text, 'zh-CN')).toBe('网关提示：bad {{model}} $t(jobs.task.gone)');
  });

  it('from an older version (plain English) is shown as it is; one from a newer version by its English', () => {
    expect(translateMessage('The gateway says: refused', 'zh-CN')).toBe('The gateway says: refused');
    const future = MessageData.parse({ code: 'jobs.task.fromTheFuture', message: 'A newer message.' });
    expect(translateMessage(future, 'zh-CN')).toBe('A newer message.');
    expect(translateMessage(undefined, 'zh-CN')).toBe('');
  });

  it('is read back from a stored record, old or new, and refused when malformed', () => {
    const stored = JSON.parse(JSON.stringify(msg('jobs.task.checkingFailed', { message: msg('gateway.network.cancelled') })));
    expect(TextData.parse(stored)).toEqual(stored);
    expect(TextData.parse('Stopped tracking: the gateway may still finish it.')).toBe('Stopped tracking: the gateway may still finish it.');
    expect(TextData.safeParse({ code: 'jobs.task.gone' }).success).toBe(false);
    expect(TextData.safeParse({ code: 'x', message: 'y', params: { a: { nested: true } } }).success).toBe(false);
  });

  it('never loops: a record nested without end stops being translated', () => {
    let deep = msg('gateway.network.cancelled') as ReturnType<typeof msg>;
    for (let i = 0; i < 50; i++) deep = msg('jobs.task.notSent', { message: deep });
    expect(translate(deep, () => undefined)).toContain('The job was not sent.');
  });
});

describe('zod checks', () => {
  const schema = z.object({
    title: z.string().min(1, zodMessage('rules.chat.title')),
    n: z.number().max(4, zodMessage('rules.chat.alternatives', { max: 4 })),
  });

  it('carry a code that the screens translate, with its parameters', () => {
    const r = schema.safeParse({ title: '', n: 9 });
    expect(r.success).toBe(false);
    const [title, n] = r.error!.issues.map(messageOfIssue);
    expect(title.message).toBe('Give the conversation a title.');
    expect(translateMessage(n, 'zh-CN')).toBe('最多 4 个候选回复。');
    // The coded text itself, as an older host passed it on in ErrorData.message, still translates.
    expect(translateMessage(r.error!.issues[1].message, 'zh-CN')).toBe('最多 4 个候选回复。');
  });

  it('keep zod\'s own wording for checks without a code, naming the field', () => {
    const r = z.object({ size: z.string() }).safeParse({ size: 3 });
    const text = messageOfIssue(r.error!.issues[0]);
    expect(text.message).toMatch(/^'size' is invalid: /);
    expect(englishText(r.error!.issues[0].message)).toBe(r.error!.issues[0].message);
  });

  it('treat text that only looks like a code as text', () => {
    expect(decodeMessage('rules.chat.nothing')).toBeUndefined();
    expect(decodeMessage('rules.chat.title {not json')).toBeUndefined();
    expect(decodeMessage('e.g. this')).toBeUndefined();
  });
});
