/** The emulation's own folder (the keyring, downloads), given by the harness; apart from the app's data. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function emulationDir(): string {
  return process.env.STUDIO_EMULATION_DIR ?? join(tmpdir(), 'studio-desktop-emulation');
}
