/**
 * A studio process that changes its settings as fast as it can until it is killed:
 * `tsx write-settings.ts <dataDir>`. The real settings document through the real port (`conf`,
 * which electron-store uses underneath on the desktop too); generation n names every profile
 * after n. Used by settings-kill.test.ts.
 */
import { SettingsStore } from '@host/settings/settings-store.js';
import { createConfSettings } from '../ports.js';

const PROFILES = 150;
const [dataDir] = process.argv.slice(2);
const problems: string[] = [];
const store = new SettingsStore(createConfSettings(dataDir), (line) => problems.push(line));
if (problems.length) {
  process.stderr.write(`the settings did not load cleanly: ${problems.join('; ')}\n`);
  process.exit(3);
}
let gen = Number(store.get().profiles[0]?.name.split(' ')[1] ?? 0);
process.stdout.write(`ready ${gen}\n`);
for (;;) {
  gen += 1;
  store.update((d) => {
    d.profiles = Array.from({ length: PROFILES }, (_, i) => ({ id: `p${i}`, name: `gen ${gen} gateway ${i}`, baseUrl: `https://gateway-${i}.example.com/v1` }));
    d.activeId = `p${gen % PROFILES}`;
    d.theme = (['light', 'dark', 'system'] as const)[gen % 3];
  });
  process.stdout.write(`done ${gen}\n`);
}
