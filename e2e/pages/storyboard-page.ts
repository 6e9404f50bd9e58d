/** The Storyboard tab as a user sees it: the boards, the open board's shot cards and its run bar. */
import { expect, type Locator, type Page } from '@playwright/test';
import { StudioPage } from './studio-page.js';
import { pageCall } from './page-call.js';

export type StageName = 'picture' | 'video' | 'narration';

export class StoryboardPage {
  readonly studio: StudioPage;
  constructor(readonly page: Page) {
    this.studio = new StudioPage(page);
  }

  get panel(): Locator {
    return this.studio.panel('Storyboard');
  }

  async open(): Promise<void> {
    await this.studio.openTab('Storyboard');
  }

  get shots(): Locator {
    return this.panel.getByTestId('shot');
  }

  shot(n: number): Locator {
    return this.shots.nth(n - 1);
  }

  get addShot(): Locator {
    return this.panel.getByRole('button', { name: 'Add shot' });
  }

  get runBar(): Locator {
    return this.panel.getByTestId('run-bar');
  }

  get estimate(): Locator {
    return this.runBar.getByTestId('run-estimate');
  }

  get progress(): Locator {
    return this.runBar.getByTestId('run-progress');
  }

  /** Waits until the board's edits are saved to the host. */
  async expectSaved(): Promise<void> {
    await expect(this.panel.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  }

  stage(n: number, stage: StageName): Locator {
    return this.shot(n).getByTestId(`stage-${stage}`);
  }

  /** Each shot's id and its stages' saved items, in the board's order. */
  async readBoard(): Promise<{ id: string; items: Record<StageName, string | null> }[]> {
    const out = [];
    for (const card of await this.shots.all()) {
      const item = (stage: StageName) => card.getByTestId(`stage-${stage}`).getAttribute('data-item');
      out.push({ id: (await card.getAttribute('data-shot-id')) ?? '', items: { picture: await item('picture'), video: await item('video'), narration: await item('narration') } });
    }
    return out;
  }

  /** The newest board's id (the host's own list, newest first). */
  async boardId(): Promise<string> {
    return (await pageCall(this.page, 'storyboard.list')).value[0].id;
  }

  async shotIds(): Promise<string[]> {
    return Promise.all((await this.shots.all()).map(async (c) => (await c.getAttribute('data-shot-id')) ?? ''));
  }
}
