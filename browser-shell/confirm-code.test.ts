/**
 * The browser shell's terminal code for a library move, on a clock the test turns: the code goes
 * only to the shell's log, works once, for its folder, while fresh, and guessing is bounded.
 */
import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, MAX_WRONG_TRIES, terminalConfirmation } from './confirm-code.js';

function harness() {
  const lines: string[] = [];
  let clock = 1_000_000;
  const codes = ['111111', '222222', '333333', '444444', '555555'];
  const confirm = terminalConfirmation({ log: (line) => lines.push(line), now: () => clock, draw: () => codes.shift()! });
  const ask = (to: string, code?: string) => confirm({ kind: 'library-move', from: '/home/me/Old', to, code, language: 'en' });
  return { lines, ask, advance: (ms: number) => (clock += ms) };
}

describe('the terminal code for a library move', () => {
  it('prints a code with the folder to the log, and moves with that code for that folder, once', async () => {
    const h = harness();
    expect(await h.ask('/home/me/New')).toBe('code-required');
    expect(h.lines).toEqual(["To move the library to /home/me/New, enter this code in the studio's Settings: 111111 (valid for 5 minutes)."]);
    expect(await h.ask('/home/me/New', ' 111 111 ')).toBe('confirmed');
    // Spent: the same code does not move it again.
    expect(await h.ask('/home/me/New', '111111')).toBe('code-wrong');
  });

  it('refuses a wrong code, and the right code for another folder', async () => {
    const h = harness();
    await h.ask('/home/me/New');
    expect(await h.ask('/home/me/New', '999999')).toBe('code-wrong');
    expect(await h.ask('/home/me/Other', '111111')).toBe('code-wrong');
    expect(await h.ask('/home/me/New', '111111')).toBe('confirmed');
  });

  it('refuses a code given when none was printed', async () => {
    const h = harness();
    expect(await h.ask('/home/me/New', '111111')).toBe('code-wrong');
    expect(h.lines).toEqual([]);
  });

  it('lets a code expire, and prints a fresh one when the expired one is given', async () => {
    const h = harness();
    await h.ask('/home/me/New');
    h.advance(CODE_LIFETIME_MS);
    expect(await h.ask('/home/me/New', '111111')).toBe('code-expired');
    expect(h.lines.at(-1)).toContain('222222');
    expect(await h.ask('/home/me/New', '111111')).toBe('code-wrong');
    h.advance(CODE_LIFETIME_MS - 1);
    expect(await h.ask('/home/me/New', '222222')).toBe('confirmed');
  });

  it('voids the code after five wrong tries, and takes none, not even fresh ones, for a while', async () => {
    const h = harness();
    await h.ask('/home/me/New');
    for (let i = 1; i < MAX_WRONG_TRIES; i++) expect(await h.ask('/home/me/New', `00000${i}`)).toBe('code-wrong');
    expect(await h.ask('/home/me/New', '000009')).toBe('too-many-tries');
    expect(await h.ask('/home/me/New', '111111')).toBe('too-many-tries');
    // Asking for a fresh code buys no more guesses.
    expect(await h.ask('/home/me/New')).toBe('too-many-tries');
    expect(h.lines.filter((l) => l.includes('enter this code'))).toHaveLength(1);
    h.advance(CODE_LIFETIME_MS);
    expect(await h.ask('/home/me/New')).toBe('code-required');
    expect(await h.ask('/home/me/New', '222222')).toBe('confirmed');
  });

  it('counts wrong tries across codes: asking again and again does not reset them', async () => {
    const h = harness();
    for (let i = 0; i < MAX_WRONG_TRIES - 1; i++) {
      await h.ask('/home/me/New');
      expect(await h.ask('/home/me/New', '000000')).toBe('code-wrong');
    }
    await h.ask('/home/me/New');
    expect(await h.ask('/home/me/New', '000000')).toBe('too-many-tries');
  });
});
