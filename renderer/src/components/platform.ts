/** The platform the studio runs on, as keyboard hints need it. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The platform's modifier key, as people name it there. */
export const MOD_KEY = isMac ? '⌘' : 'Ctrl';
