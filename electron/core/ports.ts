/**
 * Side effects come into the core as ports (DESIGN §3.3), so the same core runs in Electron's
 * main process, in the browser shell and under Vitest.
 */
import type { StudioHost } from '../../shared/contract/index.js';
import type { Cadence } from './tasks/cadence.js';
import type { StreamTiming } from './chat/reply-stream.js';
import type { LoopWatchdog } from './health/loop-watchdog.js';

/** Where plain settings live: electron-store on the desktop, `conf` in the browser shell. */
export interface SettingsPort {
  /** The stored document, or undefined when there is none yet (validated by the core). */
  read(): unknown;
  write(value: unknown): void;
}

/** Where API keys live: safeStorage-encrypted on the desktop, a 0600 file in the browser shell. */
export interface SecretsPort {
  backend(): 'encrypted' | 'file' | 'plaintext';
  get(id: string): string | undefined;
  set(id: string, secret: string): void;
  delete(id: string): void;
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
  /** Shows a file in the system's file manager (desktop only). */
  revealInFolder?(path: string): void;
  fetch?: typeof fetch;
  /** Polling cadence; the spec's (§4.9) unless a test speeds it up. */
  cadence?: Cadence;
  now?: () => number;
  log?: (line: string) => void;
  /** The shell's event-loop watchdog, when it started one before the core (to see its own start). */
  watchdog?: LoopWatchdog;
  /** Result downloads' time limits; tests shorten them. */
  downloadTimeouts?: { openMs: number; idleMs: number };
  /** Chat stream batching, saving and stall limits; tests shorten them. */
  chatTiming?: Partial<StreamTiming>;
}

export interface Core extends StudioHost {
  /**
   * Starts the work the last run left (polling, saving results). The shells call it once the
   * window is served, so nothing resumed can delay or freeze the start (docs/robust-host.md).
   */
  resumeWork(): void;
  close(): Promise<void>;
}
