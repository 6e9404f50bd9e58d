// @vitest-environment happy-dom
/**
 * The failure note as a creator meets it: the plain sentence first (the field's own label, what to
 * do), the technical text and the HTTP status only once "Details" is opened, in either language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorData } from '@shared/contract/error-data.js';
import { check, IMAGE_MODELS, imageRequestSchema } from '@shared/gateway/index.js';
import { msg } from '@shared/messages/message.js';
import { setLanguage } from '../../i18n/index.js';
import { cleanup, click, mount } from '../../test/mount.js';
import { FailureNote } from './failure-note.js';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

/** The host's refusal of `n: 5` for seedream-4-0, as job-spec.ts sends it. */
function refusal() {
  const r = check(imageRequestSchema(IMAGE_MODELS['seedream-4-0']), { model: 'seedream-4-0', prompt: 'a fox', n: 5 });
  if (r.ok) throw new Error('n: 5 should be refused');
  return errorData('invalid_input', r.problems[0].text, false, { param: r.problems[0].param });
}

const note = (host: HTMLElement) => host.querySelector<HTMLElement>('[role="alert"]')!;
const details = (host: HTMLElement) => note(host).querySelector('details');
/** What is on screen: the note's text without a closed disclosure's content. */
const visibleText = (host: HTMLElement) => {
  const copy = note(host).cloneNode(true) as HTMLElement;
  for (const d of copy.querySelectorAll('details:not([open])')) for (const child of [...d.children]) if (child.tagName !== 'SUMMARY') child.remove();
  return copy.textContent ?? '';
};

describe('the failure note', () => {
  it('says what to do in plain words and keeps the technical text behind Details', async () => {
    const { host } = await mount(<FailureNote error={refusal()} action="Generate" kept="Your prompt is still in the form." />);
    expect(note(host).querySelector('strong')?.textContent).toBe('Number of images: choose a whole number from 1 to 4.');
    expect(visibleText(host)).not.toMatch(/JSON|'n'/);
    const disclosure = details(host)!;
    expect(disclosure.open).toBe(false);
    const summary = disclosure.querySelector('summary')!;
    expect(summary.textContent).toBe('Details');
    await click(summary);
    expect(disclosure.open).toBe(true);
    expect(visibleText(host)).toContain("'n' must be a JSON integer from 1 to 4 (a number, not a string)");
  });

  it('reads the same way in Chinese', async () => {
    await setLanguage('zh-CN');
    const { host } = await mount(<FailureNote error={refusal()} action="生成" kept="提示词仍在表单中。" />);
    expect(note(host).querySelector('strong')?.textContent).toBe('张数：请选择 1 到 4 之间的整数。');
    expect(details(host)?.querySelector('summary')?.textContent).toBe('详细信息');
    expect(details(host)?.textContent).toContain("'n' 必须是 1 到 4 之间的 JSON 整数");
  });

  it('puts a gateway failure\'s HTTP status behind Details, never in the first sentence', async () => {
    const down = errorData('server_error', msg('gateway.failure.serverError', { status: 503, said: '' }), true, { status: 503 });
    const { host } = await mount(<FailureNote error={down} action="Generate" kept="Your prompt is still in the form." />);
    expect(note(host).querySelector('strong')?.textContent).toBe('The gateway had a problem; this is usually temporary. Try again in a moment.');
    expect(visibleText(host)).not.toMatch(/503|HTTP/);
    expect(details(host)?.textContent).toContain('HTTP status 503');
    expect(details(host)?.textContent).toContain('(503)');
  });

  it('has no Details when there is nothing more to tell', async () => {
    const gone = errorData('not_found', msg('jobs.attachments.gone'), false, { param: 'image_urls' });
    const { host } = await mount(<FailureNote error={gone} action="Generate" kept="Your prompt is still in the form." />);
    expect(note(host).querySelector('strong')?.textContent).toBe('An attached image is gone; attach it again.');
    expect(details(host)).toBeNull();
  });
});
