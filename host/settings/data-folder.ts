/**
 * The studio's data folder, the same for both shells (docs/architecture.md, "One data folder, two
 * shells"): the desktop app sets Electron's `userData` to it before anything is read, rather than
 * take Electron's own default, which follows the product name ("Gateway Studio", with a space, on
 * Linux too) and so would not be the folder the browser shell opens. GATEWAY_STUDIO_DATA_DIR
 * moves it for both.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function studioDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.GATEWAY_STUDIO_DATA_DIR) return resolve(env.GATEWAY_STUDIO_DATA_DIR);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Gateway Studio');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Gateway Studio');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'gateway-studio');
}
