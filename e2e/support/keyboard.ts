/** Keyboard steps the end-to-end tests share. */
import type { Locator } from '@playwright/test';

/** Presses a button as a keyboard user does: focus, then Enter. */
export async function press(button: Locator): Promise<void> {
  await button.focus();
  await button.press('Enter');
}
