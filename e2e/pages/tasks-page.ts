/**
 * Page object of the Tasks tab. Jobs are created the way the Image and Video tabs will create
 * them (a contract call from the page itself); rows are found by their prompt, the way a user
 * scans the list, and the sandbox's admin routes stand in for a misbehaving gateway.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';
import { pageCall } from './page-call.js';

export type SubmitInput =
  | { route: 'image'; request: Record<string, unknown> }
  | { route: 'video'; request: Record<string, unknown> }
  | { route: 'video-multipart'; request: Record<string, string> };

export const imageJob = (prompt: string): SubmitInput => ({ route: 'image', request: { model: 'seedream-4-0', prompt } });
/** `duration` in seconds (5–15): the sandbox runs a job for 45 s + 3 s per second of video, at 20×. */
export const videoJob = (prompt: string, duration = 5): SubmitInput => ({ route: 'video', request: { model: 'modelg3', prompt, duration } });
export const multipartVideoJob = (prompt: string, seconds = '3'): SubmitInput => ({
  route: 'video-multipart',
  request: { model: 'wan2.5-t2v-preview', prompt, seconds },
});

export type FilterName = 'All' | 'Active' | 'Saving' | 'Saved' | 'Needs attention' | 'Failed' | 'Cancelled';

/** Posts to the sandbox's admin routes (Node side: they are not the studio's origin). */
async function admin(sandboxUrl: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sandboxUrl}/_sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `sandbox ${path}`).toBe(true);
}

export const sandbox = {
  /** The next submitted task fails halfway with this message. */
  failNextTask: (sandboxUrl: string, message: string) => admin(sandboxUrl, 'faults/task', { message }),
  /**
   * The next checks of multipart videos answer 429 with a long Retry-After, which the studio
   * honours: those jobs stay queued (active) for as long as a test needs, without a hung request.
   */
  holdVideoChecks: (sandboxUrl: string, count = 4) =>
    admin(sandboxUrl, 'faults/fail', { status: 429, retry_after: 600, match: '/v1/videos/vid_', count }),
  /**
   * Every check of a generations-route video answers 429 with a one-second Retry-After until
   * `reset`: the job stays queued for as long as a test needs, then finishes within a second or two.
   */
  throttleGenericVideoChecks: (sandboxUrl: string) =>
    admin(sandboxUrl, 'faults/fail', { status: 429, retry_after: 1, match: '/v1/tasks/gen_', count: 100_000 }),
  /** The next result download stalls after a few bytes: the job stays "saving" until stopped. */
  stallNextDownload: (sandboxUrl: string) => admin(sandboxUrl, 'faults/download', { mode: 'stall', after_bytes: 1024, count: 1 }),
  /** Clears every pending fault. */
  reset: (sandboxUrl: string) => admin(sandboxUrl, 'faults/reset', {}),
};

export class TasksPage {
  readonly studio: StudioPage;

  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  get panel(): Locator {
    return this.studio.panel('Tasks');
  }

  async open(): Promise<Locator> {
    return this.studio.openTab('Tasks');
  }

  /** Submits a job through the contract, as a generator tab does; returns the host's view of it. */
  async submit(input: SubmitInput): Promise<{ id: string; state: string }> {
    const result = await pageCall(this.page, 'tasks.submit', input);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    return result.value;
  }

  /** Every visible row, newest first. */
  get rows(): Locator {
    return this.panel.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
  }

  /** Rows are named by their prompt; a retried job adds a second row with the same name. */
  row(prompt: string): Locator {
    return this.panel.getByRole('listitem', { name: prompt, exact: true });
  }

  state(prompt: string): Locator {
    return this.row(prompt).getByTestId('task-state');
  }

  progress(prompt: string): Locator {
    return this.row(prompt).getByRole('progressbar');
  }

  error(prompt: string): Locator {
    return this.row(prompt).getByTestId('task-error');
  }

  button(prompt: string, name: string): Locator {
    return this.row(prompt).getByRole('button', { name, exact: true });
  }

  filter(name: FilterName): Locator {
    return this.panel.getByRole('tab', { name: new RegExp(`^${name} \\d+$`) });
  }

  async showFilter(name: FilterName): Promise<void> {
    await this.filter(name).click();
    await expect(this.filter(name)).toHaveAttribute('aria-selected', 'true');
  }

  async expectState(prompt: string, label: string | RegExp, timeout?: number): Promise<void> {
    await expect(this.state(prompt)).toHaveText(label, { timeout });
  }

  /** The question a row asks before an action with a cost (found in the panel, by its label). */
  confirm(label: 'Confirm cancelling' | 'Confirm stopping the save' | 'Confirm retry' | 'Confirm removing'): Locator {
    return this.panel.getByRole('group', { name: label });
  }

  /** Cancel asks first (the gateway cannot stop a paid job); confirming leaves it cancelled, still followed. */
  async cancel(prompt: string): Promise<void> {
    await this.button(prompt, 'Cancel').click();
    const confirm = this.confirm('Confirm cancelling');
    await expect(confirm).toContainText('already paid for');
    await confirm.getByRole('button', { name: 'Cancel job' }).click();
    await expect(confirm).toBeHidden();
    await this.expectState(prompt, 'Cancelled');
  }

  /** Every filter's count, by its name ("All", "Active" …). */
  async filterCounts(): Promise<Record<string, number>> {
    const names = await this.panel.getByRole('tab').allInnerTexts();
    return Object.fromEntries(names.map((n) => {
      const m = /^(.*\S)\s+(\d+)$/.exec(n.replace(/\s+/g, ' ').trim());
      return [m?.[1] ?? n, Number(m?.[2])];
    }));
  }

  /** Retry asks first (it costs money); confirming submits a new job. */
  async retry(prompt: string): Promise<void> {
    await this.button(prompt, 'Retry').click();
    // Found in the panel: once the new job lands, two rows carry this prompt.
    const confirm = this.panel.getByRole('group', { name: 'Confirm retry' });
    await expect(confirm).toContainText(/charges for it again/);
    await confirm.getByRole('button', { name: 'Submit again' }).click();
    await expect(confirm).toBeHidden();
  }

  /** Remove asks first (saved files stay in the library); confirming drops the row. */
  async remove(prompt: string): Promise<void> {
    await this.button(prompt, 'Remove').click();
    const confirm = this.panel.getByRole('group', { name: 'Confirm removing' });
    await expect(confirm).toContainText(/stay in your library/);
    await confirm.getByRole('button', { name: 'Remove job' }).click();
    await expect(this.row(prompt)).toHaveCount(0);
  }

  get notifySwitch(): Locator {
    return this.panel.getByRole('switch', { name: 'Notify me when jobs finish' });
  }

  /**
   * Stands in for the browser's Notification API (headless Chromium shows none): permission is
   * granted on request and kept for the session; every notification shown is recorded.
   */
  static async fakeNotifications(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = globalThis as any;
      w.__notices = [];
      w.Notification = class {
        static get permission() {
          return w.sessionStorage.getItem('fake-permission') ?? 'default';
        }
        static async requestPermission() {
          w.sessionStorage.setItem('fake-permission', 'granted');
          return 'granted';
        }
        constructor(title: string, options?: { body?: string }) {
          w.__notices.push({ title, body: options?.body });
        }
      };
    });
  }

  notices(): Promise<{ title: string; body: string }[]> {
    return this.page.evaluate(() => (globalThis as any).__notices);
  }

  /** Clicks "Copy task id", waits for "Copied" and returns the id the row shows. */
  async copyTaskId(prompt: string): Promise<string> {
    const row = this.row(prompt);
    await row.getByRole('button', { name: 'Copy task id' }).click();
    await expect(row.getByRole('status')).toHaveText('Copied');
    return row.locator('code').innerText();
  }
}
