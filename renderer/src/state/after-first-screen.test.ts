// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { afterFirstScreen } from './after-first-screen.js';
import { raiseFirstScreenReady } from './first-screen-ready.js';

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('work after the first screen', () => {
  it('waits for the Chat tab to say its first screen is usable, then runs; a cancelled task never runs', async () => {
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('balance'));
    const cancel = afterFirstScreen(() => ran.push('cancelled'));
    cancel();
    await turns();
    expect(ran).toEqual([]);
    raiseFirstScreenReady();
    await turns();
    expect(ran).toEqual(['balance']);
    // What asks later runs without waiting again.
    afterFirstScreen(() => ran.push('later'));
    await turns();
    expect(ran).toEqual(['balance', 'later']);
  });
});
