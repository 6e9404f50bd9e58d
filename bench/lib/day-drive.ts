/**
 * The user's hands in bench/day.ts: every step goes through the studio's UI as a person would
 * (tabs clicked, prompts typed, buttons pressed), found by role and accessible name as the e2e
 * page objects find them (e2e/pages/). Steps wait only for what the work needs: the tab's heading,
 * the button back from "Generating…", the host's end of a reply.
 */
import type { Page } from '@playwright/test';
import { scrollToEnd } from './page-probes.js';

export const TABS = ['Chat', 'Image', 'Video', 'Speech', 'Tasks', 'Gallery', 'Settings'] as const;
export type Tab = (typeof TABS)[number];

/** The gallery's scrolling grid (renderer/src/features/gallery/ui/gallery-grid.tsx). */
const GRID = '[data-testid="gallery-scroll"]';
const STEP_TIMEOUT = { timeout: 120_000 };

/** The tab's session secret, where renderer/src/api/session.ts keeps it. */
const SESSION = `(sessionStorage.getItem('gateway-studio:session') || '').split('.')[0]`;

/**
 * An init script: counts the host's `chat.onDidEnd` events on an EventSource of its own, so a
 * step knows when a reply has ended however fast it streamed (a Stop button can come and go
 * between two looks). One connection and one number: nothing that grows.
 */
export const COUNT_REPLY_ENDS = `(() => {
  window.__dayEnds = 0;
  let waiting = [];
  // Resolves once more than n replies have ended (awaited through page.evaluate: the studio's
  // CSP forbids the eval that Playwright's waitForFunction needs).
  window.__dayEnded = (n) => new Promise((resolve) => {
    if (window.__dayEnds > n) resolve(window.__dayEnds);
    else waiting.push({ n, resolve });
  });
  const open = () => {
    const session = ${SESSION};
    if (!session) return setTimeout(open, 50);
    const source = new EventSource('/api/events?session=' + encodeURIComponent(session));
    source.onmessage = (m) => {
      if (!m.data.includes('"chat.onDidEnd"')) return;
      window.__dayEnds += 1;
      const ready = waiting.filter((w) => window.__dayEnds > w.n);
      waiting = waiting.filter((w) => window.__dayEnds <= w.n);
      for (const w of ready) w.resolve(window.__dayEnds);
    };
  };
  open();
})();`;

export class Driver {
  constructor(readonly page: Page) {}

  private panel(tab: Tab) {
    return this.page.getByRole('tabpanel', { name: tab, exact: true });
  }

  /** Opens a tab and waits for its heading, as StudioPage.openTab does. */
  async visit(tab: Tab): Promise<void> {
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
    await this.panel(tab).getByRole('heading', { level: 2, name: tab }).waitFor(STEP_TIMEOUT);
  }

  /** A new conversation from the sidebar's button (the Chat tab is open). */
  async newConversation(): Promise<void> {
    const sidebar = this.panel('Chat').getByRole('complementary', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: '+ New conversation', exact: true }).click();
    await this.panel('Chat').getByText('No messages yet').waitFor(STEP_TIMEOUT);
  }

  /** Types a message, sends it, and waits until the host has ended the reply. */
  async reply(text: string): Promise<void> {
    const composer = this.panel('Chat').getByRole('form', { name: 'New message' });
    const ends = Number(await this.page.evaluate('window.__dayEnds'));
    await composer.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await composer.getByRole('button', { name: /^Send/ }).click();
    await this.page.evaluate(`window.__dayEnded(${ends})`);
  }

  /** Chooses a model in the open tab's form. */
  async chooseModel(tab: 'Image' | 'Video', model: string): Promise<void> {
    await this.panel(tab).getByLabel('Model', { exact: true }).selectOption(model);
  }

  /** One image job from the Image tab's form: prompt, Generate, until the button is back. */
  async imageJob(prompt: string): Promise<void> {
    const form = this.panel('Image').getByRole('form', { name: 'Image generation' });
    await form.getByRole('textbox', { name: /^(Prompt|Edit instruction)$/ }).fill(prompt);
    await form.getByRole('button', { name: 'Generate', exact: true }).click();
    // "Generating…" while the host takes the job; the same button, named Generate again, once sent.
    await form.getByRole('button', { name: 'Generate', exact: true }).waitFor(STEP_TIMEOUT);
  }

  /** One video job from the Video tab's form. */
  async videoJob(prompt: string): Promise<void> {
    const form = this.panel('Video').getByRole('form', { name: 'Video settings' });
    await form.getByLabel('Prompt', { exact: true }).fill(prompt);
    await form.getByRole('button', { name: /^Generate video/ }).click();
    await form.getByRole('button', { name: /^Generate video/ }).waitFor(STEP_TIMEOUT);
  }

  /** The Gallery's grid scrolled from top to bottom, one screenful a frame; resolves with the frames. */
  async scrollGallery(): Promise<number> {
    await this.page.locator(`${GRID} .gallery-item`).first().waitFor(STEP_TIMEOUT);
    const frames = Number(await this.page.evaluate(scrollToEnd(GRID, 1)));
    // And back to the top, where a creator returning to the tab starts.
    await this.page.evaluate(`document.querySelector(${JSON.stringify(GRID)}).scrollTop = 0`);
    return frames;
  }
}
