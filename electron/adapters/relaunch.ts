/**
 * The desktop's restart port (host/ports.ts, `restart`): Electron starts the app again once this
 * one has exited, and the quit goes through main.ts's before-quit, which closes the studio first
 * (docs/data.md, "Restoring a backup"). The quit waits a turn of the loop, so the window receives
 * the call's answer before the app begins to close.
 */
import { app } from 'electron';

export function relaunchApp(later: (run: () => void) => void = (run) => void setTimeout(run, 0)): () => Promise<void> {
  let asked = false;
  return async () => {
    if (asked) return;
    app.relaunch();
    asked = true;
    later(() => app.quit());
  };
}
