/**
 * The outcome of a hand-off, where it happened. The status region is always in the page, so a
 * screen reader announces each new outcome politely (a region that appears with its text is
 * often not read).
 */
import type { IntakeNotice as Notice } from './use-item-intake.js';

export function IntakeNotice({ notice, id }: { notice: Notice | null; id?: string }) {
  return (
    <p id={id} role="status" className={notice?.tone === 'problem' ? 'field-error use-in-notice' : 'hint use-in-notice'} data-testid="use-in-notice">
      {notice?.text}
    </p>
  );
}
