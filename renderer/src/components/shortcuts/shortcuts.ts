/**
 * The studio's keyboard shortcuts, in one list: the handler in App.tsx acts on the
 * global ones and Settings shows them all, so the list shown is the list that works.
 */
import { TAB_IDS, type TabId } from '../../state/tab-ids.js';
import { isMac, MOD_KEY } from '../platform.js';


export interface Shortcut {
  keys: readonly string[];
  /** Key of its description in the `shell` namespace. */
  what: 'shortcuts.send' | 'shortcuts.chatSend' | 'shortcuts.chatNewLine' | 'shortcuts.stop' | 'shortcuts.tab' | 'shortcuts.newLine' | 'shortcuts.tabs' | 'shortcuts.skip' | 'shortcuts.palette';
  /** The tab it opens (`shortcuts.tab`). */
  tab?: TabId;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: [MOD_KEY, 'Enter'], what: 'shortcuts.send' },
  { keys: ['Enter'], what: 'shortcuts.newLine' },
  // The chat message box's default (Settings, "Sending a chat message"; chat/keys.ts).
  { keys: ['Enter'], what: 'shortcuts.chatSend' },
  { keys: ['Shift', 'Enter'], what: 'shortcuts.chatNewLine' },
  { keys: ['Esc'], what: 'shortcuts.stop' },
  // The prompt palette (components/prompt-palette/palette-host.tsx), never the browser's Print.
  { keys: [MOD_KEY, 'P'], what: 'shortcuts.palette' },
  ...TAB_IDS.map((tab, i): Shortcut => ({ keys: [MOD_KEY, String(i + 1)], what: 'shortcuts.tab', tab })),
  { keys: ['↑', '↓', 'Home', 'End'], what: 'shortcuts.tabs' },
  { keys: ['Tab'], what: 'shortcuts.skip' },
];

/** The tab a key press asks for: Ctrl/⌘ + 1…7 (no other modifier, so Alt+digit and AltGr stay free). */
export function tabForKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): TabId | undefined {
  const mod = isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!mod || e.altKey || e.shiftKey || !/^[1-9]$/.test(e.key)) return undefined;
  return TAB_IDS[Number(e.key) - 1];
}
