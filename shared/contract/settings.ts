/** Studio settings other than profiles and keys. */
import { z } from 'zod';
import { MessageData, zodMessage } from '../messages/index.js';
import { LANGUAGES } from '../languages.js';
import { ChatDefaults } from './chat.js';

export const Theme = z.enum(['system', 'light', 'dark']);

/**
 * The language setting; `system` follows the operating system's (docs/house-rules.md, "Languages").
 */
export const Language = z.enum(['system', ...LANGUAGES]);
export type Language = z.infer<typeof Language>;

/**
 * The largest result file the studio saves, per kind, in megabytes (counted as received, after
 * decompression): a gateway that sends more gets the job marked "needs attention", not a full disk.
 */
export const MediaLimits = z.object({
  imageMb: z.number().int().min(1).max(4096),
  videoMb: z.number().int().min(1).max(65536),
  audioMb: z.number().int().min(1).max(4096),
});
export type MediaLimits = z.infer<typeof MediaLimits>;
export const DEFAULT_MEDIA_LIMITS: MediaLimits = { imageMb: 100, videoMb: 4096, audioMb: 500 };

/**
 * The key that sends a chat message: `enter` (Shift+Enter adds a line, as in every chat app) or
 * `mod-enter` (Ctrl/⌘+Enter sends and Enter adds a line, as in the studio's other prompt boxes).
 * Ctrl/⌘+Enter sends either way.
 */
export const ChatSendKey = z.enum(['enter', 'mod-enter']);
export type ChatSendKey = z.infer<typeof ChatSendKey>;

export const SettingsView = z.object({
  /** Where generated outputs are saved. */
  libraryDir: z.string(),
  theme: Theme,
  language: Language,
  mediaLimits: MediaLimits,
  chatSendKey: ChatSendKey,
  /** Where every new conversation starts (Settings → Chat defaults). */
  chatDefaults: ChatDefaults,
});
export type SettingsView = z.infer<typeof SettingsView>;

export const UpdateSettingsInput = z.object({
  libraryDir: z.string().trim().min(1, zodMessage('rules.profile.libraryFolder')).optional(),
  /**
   * Browser shell: the code printed in the terminal that confirms a move of the library (after
   * a `confirmation_required` answer). The desktop asks in a native dialog instead.
   */
  confirmCode: z.string().trim().max(32).optional(),
  theme: Theme.optional(),
  language: Language.optional(),
  mediaLimits: MediaLimits.partial().optional(),
  chatSendKey: ChatSendKey.optional(),
  /** Replaces the defaults whole: a number left out is the gateway's default. */
  chatDefaults: ChatDefaults.optional(),
});

/**
 * A move of the library's files to another folder (docs/robust-host.md, "Moving the library"):
 * `moving` while files are copied, `done` at the end, `failed` when it stopped (every file is then
 * whole in one of the two folders); `canGoBack` while the old folder is still the library.
 */
export const LibraryMoveStatus = z.object({
  state: z.enum(['moving', 'done', 'failed']),
  from: z.string(),
  to: z.string(),
  files: z.number().int().min(0),
  totalFiles: z.number().int().min(0),
  bytes: z.number().min(0),
  totalBytes: z.number().min(0),
  canGoBack: z.boolean(),
  error: MessageData.optional(),
});
export type LibraryMoveStatus = z.infer<typeof LibraryMoveStatus>;

export const settingsMethods = {
  'settings.get': { input: z.object({}), output: SettingsView },
  /** A new `libraryDir` moves the library's files there; the answer comes once they are (progress as `settings.onLibraryMove`). */
  'settings.update': { input: UpdateSettingsInput, output: SettingsView },
  /** The move under way or the last one's end (null when none this session). */
  'settings.libraryMove': { input: z.object({}), output: LibraryMoveStatus.nullable() },
  /** After a failed move: `retry` carries on from where it stopped, `back` leaves the library where it was and removes the copies. */
  'settings.finishLibraryMove': { input: z.object({ action: z.enum(['retry', 'back']) }), output: LibraryMoveStatus.nullable() },
} as const;

export const settingsEvents = {
  'settings.onDidChange': SettingsView,
  'settings.onLibraryMove': LibraryMoveStatus,
} as const;
