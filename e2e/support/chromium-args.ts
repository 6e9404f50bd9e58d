/**
 * The flags of every Chromium the tests, the desktop emulation and the benchmarks start
 * (docs/performance.md, "The test browser's own work").
 */

/**
 * What Playwright 1.65 turns off itself (its chromiumSwitches.ts). Chromium reads only the last
 * `--disable-features`, so ours must carry these too; chromium-args.test.ts reads Playwright's
 * list from a browser it starts and fails when this one falls behind.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Chromium's address-bar popup is a web page of its own, loaded in a renderer of its own for
 * every new window, which is every Playwright context: about 2 s of CPU each, on a 2-core machine,
 * during the very page loads the benchmarks time. A window of the desktop app (Electron) has no
 * address bar, and a test page never opens one.
 */
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP].join(',')}`,
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
