import { describe, expect, it } from 'vitest';
import { studioDataDir } from './data-folder.js';

describe('the data folder both shells open', () => {
  it.each([
    ['linux', {}, '/home/ada/.config/gateway-studio'],
    ['linux', { XDG_CONFIG_HOME: '/home/ada/cfg' }, '/home/ada/cfg/gateway-studio'],
    ['linux', { XDG_CONFIG_HOME: '' }, '/home/ada/.config/gateway-studio'],
    ['darwin', {}, '/home/ada/Library/Application Support/Gateway Studio'],
    ['linux', { GATEWAY_STUDIO_DATA_DIR: '/srv/studio' }, '/srv/studio'],
  ] as const)('on %s with %j is %s', (platform, env, expected) => {
    expect(studioDataDir(env, platform, '/home/ada')).toBe(expected);
  });

  it('on Windows lives in the roaming application data', () => {
    expect(studioDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toMatch(/Roaming[\\/]Gateway Studio$/);
  });
});
