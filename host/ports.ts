/**
 * Side effects come into the core as ports (docs/house-rules.md, "Side effects come in as ports"),
 * so the same core runs in Electron's main process, in the browser shell and under Vitest. The
 * knobs a test turns (cadence, clocks, limits, timings) are not ports: they are CoreOptions
 * (options.ts). This file imports nothing of the host (a lint rule, docs/architecture.md).
 */
import type { AppHealth } from '@shared/contract/app.js';
import type { LanguageSetting } from '@shared/languages.js';

/** Where plain settings live: electron-store on the desktop, `conf` in the browser shell. */
export interface SettingsPort {
  /**
   * The stored document, or undefined when there is none yet (validated by the core). Throws when
   * the file is there but is not a document (damaged, not UTF-8, not allowed): the core then
   * calls `setAside` before anything is written.
   */
  read(): unknown;
  write(value: unknown): void;
  /**
   * Moves the settings file aside as a dated backup, byte for byte (unreadable-file.ts), and
   * returns the backup's name; undefined when there is no file. Throws when the disk refuses.
   */
  setAside(): string | undefined;
}

/** Where API keys live: one shared 0600 file, each key safeStorage-encrypted on the desktop or as is (core/settings/secrets-file.ts). */
export interface SecretsPort {
  backend(): 'encrypted' | 'file' | 'plaintext';
  get(id: string): string | undefined;
  set(id: string, secret: string): void;
  delete(id: string): void;
  /**
   * True when a key is saved for `id` in a form this shell cannot open (the desktop app's OS
   * keychain, seen from the browser shell): kept as it is, for the shell that can
   * (core/settings/secrets-file.ts). Ports that open every key they hold leave it out.
   */
  heldElsewhere?(id: string): boolean;
  /**
   * The key files this port found unreadable and kept aside since it was created (each backup's
   * name, or null when it could not keep one and so writes nothing over the file), oldest first.
   * Ports with no file of their own leave it out.
   */
  unreadable?(): readonly (string | null)[];
}

/**
 * What only the creator may allow, so it is confirmed outside the page (docs/architecture.md,
 * "Confirmations outside the page"): the page shows model output and may run a hostile script, so
 * its word alone neither moves the library nor starts a program on this computer.
 * - `library-move`: the library folder moves from `from` to `to`;
 * - `mcp-command`: the studio starts an MCP server's local command, shown exactly (`commandLine`:
 *   its environment, program and arguments, quoted as a shell would need them).
 */
export type OutsideRequest = (
  | { kind: 'library-move'; from: string; to: string }
  | { kind: 'mcp-command'; server: string; commandLine: string }
  /** A URL server, before anything is sent to it: `url` as the studio will connect to it (docs/mcp.md). */
  | { kind: 'mcp-url'; server: string; url: string }
) & {
  /** What the creator typed from the terminal (browser shell); absent on the first attempt. */
  code?: string;
  /** The studio's language setting, for words the shell shows itself. */
  language: LanguageSetting;
};

/**
 * `code-required`: a code was just printed where only the creator sees it; `code-wrong`,
 * `code-expired`: this one does not confirm it (after an expiry a new code is printed);
 * `too-many-tries`: no code is taken for a while.
 */
export type OutsideAnswer = 'confirmed' | 'declined' | 'code-required' | 'code-wrong' | 'code-expired' | 'too-many-tries';

/** What the desktop's Save dialog is asked (docs/library-files.md): the name it proposes and what is saved. */
export interface SaveRequest {
  defaultName: string;
  /** A zip of items, one item's file, or the Spend view's rows: the dialog's file type filter. */
  kind: 'zip' | 'image' | 'video' | 'audio' | 'csv' | 'json';
  /** The studio's language setting, for the dialog's own words. */
  language: LanguageSetting;
}

/** A file the browser shell offers for download through a one-time link (docs/library-files.md, "The download link"). */
export interface DownloadOffer {
  path: string;
  /** The name the browser saves it under. */
  name: string;
  type: string;
  /** Removed once it was downloaded or its link expired (an export's zip); a library file never is. */
  temporary: boolean;
}

export interface EmbeddedSandbox {
  url: string;
  close(): Promise<void>;
}

export interface CorePorts {
  shell: 'desktop' | 'browser';
  version: string;
  platform: string;
  /** The app's data folder (the default library lives below it). */
  dataDir: string;
  settings: SettingsPort;
  secrets: SecretsPort;
  /** Starts the embedded offline gateway (the built-in "Offline sandbox" profile). */
  startSandbox(): Promise<EmbeddedSandbox>;
  /** Prefix for library media URLs: `studio-media://library/` on the desktop, `/media/` in the browser shell. */
  mediaBase: string;
  /**
   * Asks the creator, outside the page (the desktop's native dialog, the browser shell's terminal
   * code), whether the library may move or a local command may start. Without it every such
   * request is declined.
   */
  confirmOutside?(request: OutsideRequest): Promise<OutsideAnswer>;
  /** Shows a file in the system's file manager (desktop only). */
  revealInFolder?(path: string): void;
  /** Asks where to save a file taken out of the library (the desktop's native Save dialog); undefined when cancelled. */
  chooseSavePath?(request: SaveRequest): Promise<string | undefined>;
  /** Drags a library file out of the window (desktop only), shown as `picture` (its thumbnail) when there is one. */
  startDrag?(path: string, picture?: string): void;
  /** A one-time, short-lived download link for a file, on the browser shell's own origin (browser shell only). */
  offerDownload?(offer: DownloadOffer): string;
  /**
   * Starts the studio again on the same data folder, once the call that asked has been answered
   * (docs/data.md, "Restoring a backup"): the desktop relaunches the app through its usual quit
   * (the queue drains, the database closes); the browser shell closes the core and opens it again
   * in the same process, and the page reconnects. Resolves once the restart is under way; rejects
   * when it cannot be. Absent where the shell cannot start itself again.
   */
  restart?(): Promise<void>;
  log?: (line: string) => void;
  /** The shell's event-loop watchdog, when it started one before the core (to see its own start). */
  watchdog?: WatchdogPort;
}

/** An event-loop watchdog already running (health/loop-watchdog.ts): what `app.health` reads. */
export interface WatchdogPort {
  health(): AppHealth;
  reset(): void;
}
