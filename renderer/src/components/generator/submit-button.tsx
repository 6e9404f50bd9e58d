/** A studio form's submit button: its busy label while the call runs, and the send shortcut shown beside it. */
import { SUBMIT_SHORTCUT } from './keyboard.js';

export function SubmitButton({ label, busyLabel, busy }: { label: string; busyLabel: string; busy: boolean }) {
  return (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? busyLabel : label}
      <span className="gen-kbd" aria-hidden="true">
        {SUBMIT_SHORTCUT}
      </span>
    </button>
  );
}
