/**
 * electron-store as the adapters' tests load it: electron-store needs a running Electron to find
 * userData, and underneath it is `conf`, which it configures exactly like this (name → configName,
 * cwd = the folder). So the real file logic runs. Use: `vi.mock('electron-store', () => import(…))`.
 */
import Conf from 'conf';

export default class ElectronStore extends Conf {
  constructor({ name = 'config', ...rest }: any = {}) {
    super({ ...rest, configName: name, projectName: 'gateway-studio-test' });
  }
}
