/**
 * The browser shell's composition root: the same core as the desktop, with `conf` settings, a
 * 0600 key file and the embedded sandbox as ports, served to a browser on 127.0.0.1.
 * `npm run shell -- [--port N] [--no-open]` runs this file; `npm start` falls back to it where
 * Electron is missing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { listenSticky } from '@media/sticky-port.js';
import { startStickySandbox } from '@sandbox/sticky-port.js';
import { MEDIA_PREFIX } from './media-route.js';
import { terminalConfirmation } from './confirm-code.js';
import { bootShell } from '@host/shell-boot.js';
import { studioDataDir } from '@host/settings/data-folder.js';
import { installCrashGuards } from '@host/health/crash-guards.js';
import type { CoreOptions } from '@host/options.js';
import { createConfSettings, createFileSecrets } from './ports.js';
import { createBrowserShellServer, type BrowserShellServer } from './server.js';
import { DownloadLinks } from './downloads.js';
import { needsShellEnv, runWithShellEnv } from './relaunch.js';
import { HostRelay } from './host-relay.js';
import { msg } from '@shared/messages/index.js';
import { shownText } from '@shared/text/shown-text.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');
/** The app icon electron-builder also packs (electron-builder.yml, `linux.icon`), at tab size. */
export const DEFAULT_FAVICON = join(REPO_ROOT, 'build', 'icons', '32x32.png');
/** In the data folder: the port the shell listened on last, tried first at the next start. */
export const SHELL_PORT_FILE = 'browser-shell-port';

export interface BrowserShellOptions {
  dataDir?: string;
  /**
   * Listen here, and only here (0: any free port). Without it the shell takes the port it had
   * last time, so the page keeps its origin and with it what the browser stored for it.
   */
  port?: number;
  /** Open the page in the user's browser (when one can be opened). */
  open?: boolean;
  rendererDir?: string;
  /** The terminal: each line reaches it escaped (`toTerminal`). */
  log?: (line: string) => void;
  /** Tests speed the embedded sandbox and the task polling up; a launch uses real time. */
  sandbox?: { speed?: number; streamPaceMs?: number };
  cadence?: CoreOptions['cadence'];
  downloadTimeouts?: CoreOptions['downloadTimeouts'];
  /** A launch link was spent (they work once): the place to offer a fresh one from `newLink`. */
  onSignIn?: () => void;
  /** The sessions' clock (session.ts): tests move it to end a session; a launch uses real time. */
  sessionClock?: () => number;
}

export interface BrowserShell {
  /** The sign-in link printed at start; it works once (docs/security.md). */
  url: string;
  /** A fresh one-time sign-in link, for another tab or browser. */
  newLink(): string;
  sandboxUrl?: string;
  dataDir: string;
  close(): Promise<void>;
}

function packageVersion(): string {
  try {
    return String(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}

/**
 * A writer of terminal lines that shows each line escaped (docs/house-rules.md, "What reaches a
 * terminal, a dialog or a file name"): a folder, a server's name or an error's words may carry an
 * ESC or a newline, and none may act on the terminal or print a line of its own. Every line the
 * shell prints passes here, once: a line with several rows is logged a row at a time.
 */
export const toTerminal = (write: (line: string) => void) => (line: string) => write(shownText(line));

export async function startBrowserShell(options: BrowserShellOptions = {}): Promise<BrowserShell> {
  const log = options.log && toTerminal(options.log);
  const dataDir = resolve(options.dataDir ?? studioDataDir());
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  let server: BrowserShellServer | undefined;
  // Files leave through one-time links on this origin (docs/library-files.md, "The download link").
  const downloads = new DownloadLinks();
  // A move of the library, or a local command's start, is confirmed with a code printed to the terminal, never by the page.
  const confirmOutside = terminalConfirmation({ log: toTerminal(options.log ?? ((line) => console.error(line))) });
  // The server outlives a restart (its address, its sessions): the core behind it is the relay's.
  const relay = new HostRelay();
  let restarting: Promise<void> | undefined;
  /**
   * "Restart now" (host/ports.ts, `restart`): the core closes as at a quit (the queue drains, the
   * database closes) and opens again on the same data folder, which puts a chosen backup back
   * (docs/data.md, "Restoring a backup"). Calls made meanwhile wait; then each page is told the
   * host is a new run and reads everything again.
   */
  const restart = (): Promise<void> => {
    restarting ??= (async () => {
      // The call that asked is answered first.
      await new Promise((done) => setImmediate(done));
      log?.('Restarting the studio.');
      await booted.close();
      try {
        booted = await boot();
      } catch (err) {
        const reason = (err as Error).message;
        log?.(`Gateway Studio could not start again: ${reason}`);
        relay.fail(msg('app.calls.restartFailed', { reason }));
      }
      server?.renew();
      restarting = undefined;
    })();
    return Promise.resolve();
  };
  // The core, then the server; the work of the last run resumes once the page can be served.
  const boot = () => bootShell({
    ports: {
      shell: 'browser',
      version: packageVersion(),
      platform: process.platform,
      dataDir,
      settings: createConfSettings(dataDir),
      secrets: createFileSecrets(dataDir),
      startSandbox: () => startStickySandbox({ ...options.sandbox, dataDir: join(dataDir, 'sandbox') }),
      mediaBase: MEDIA_PREFIX,
      log,
      confirmOutside,
      offerDownload: (offer) => downloads.offer(offer),
      restart,
    },
    options: { cadence: options.cadence, downloadTimeouts: options.downloadTimeouts },
    // The route serves only what the core's library knows, in whichever folder it has open.
    serve: async (core) => {
      relay.attach(core);
      server ??= await listen();
      return { close: () => relay.detach() };
    },
  });
  const listen = async () => {
    const at = (port: number) =>
      createBrowserShellServer({ host: relay, rendererDir, port, favicon: DEFAULT_FAVICON, mediaFile: (raw) => relay.mediaFile(raw), downloads, onSignIn: options.onSignIn, now: options.sessionClock });
    if (options.port !== undefined) return at(options.port);
    const sticky = await listenSticky(join(dataDir, SHELL_PORT_FILE), at);
    if (sticky.displaced) log?.(movedNotice(sticky.displaced, sticky.server.origin));
    return sticky.server;
  };
  let booted = await boot();
  const signIn = server!;
  if (!existsSync(join(rendererDir, 'index.html'))) log?.(`The renderer is not built in ${rendererDir}; run \`npx vite build\`.`);

  const launcher = options.open ? openInBrowser(signIn.url, dataDir) : undefined;
  let closing: Promise<void> | undefined;
  return {
    url: signIn.url,
    newLink: () => signIn.newLink(),
    sandboxUrl: booted.sandboxUrl,
    dataDir,
    close: () =>
      (closing ??= (async () => {
        await restarting;
        await booted.close();
        relay.fail(msg('app.calls.closing'));
        await server?.close();
        downloads.close();
        if (launcher) rmSync(launcher, { force: true });
      })()),
  };
}

/** One line for the terminal: the address changed, and with it what the browser shows. */
export function movedNotice(old: { port: number; code: string }, origin: string): string {
  const why = old.code === 'EADDRINUSE' ? 'is in use by another program' : 'cannot be used now';
  return `Port ${old.port} ${why}; the studio is at ${origin} from now on. Drafts and settings this browser kept for the old address are not visible here.`;
}

/**
 * Opens the page through a 0600 redirect file rather than the URL itself: a command line is
 * visible to every user of the machine (ps), and the URL carries the token (as Jupyter does).
 * Returns the file to delete on close. Failures are ignored: the URL is always printed.
 */
export function openInBrowser(url: string, dataDir: string): string | undefined {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return undefined;
  const file = join(dataDir, 'open-studio.html');
  try {
    const href = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    writeFileSync(file, `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Gateway Studio</title><a href="${href}">Open Gateway Studio</a>\n`, { mode: 0o600 });
    const target = pathToFileURL(file).href;
    const [cmd, args] =
      process.platform === 'darwin' ? ['open', [target]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', target]] : ['xdg-open', [target]];
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true, windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
    return file;
  } catch {
    return undefined;
  }
}

const CLOSE_LIMIT_MS = 10_000;

/** The command-line entry: print the URL, open it, and close cleanly on Ctrl-C or SIGTERM. */
export async function runBrowserShell(options: BrowserShellOptions = {}): Promise<BrowserShell> {
  const say = toTerminal((line) => console.log(line));
  const warn = toTerminal((line) => console.error(line));
  installCrashGuards({ log: warn });
  // Links work once: each time one is used, the next is printed, for another tab or browser.
  const started: { shell?: BrowserShell } = {};
  const onSignIn = () => {
    if (started.shell) say(`Signed in. For another tab or browser, open: ${started.shell.newLink()}`);
  };
  // Raw: startBrowserShell escapes what it logs.
  const shell = (started.shell = await startBrowserShell({ log: (line) => console.error(line), onSignIn, ...options }));
  say(`Gateway Studio (browser shell): ${shell.url}`);
  let stopping = false;
  let stoppingAt = 0;
  const stop = () => {
    // A second Ctrl-C means "now", even if a close is stuck. Not one that comes with the first:
    // Ctrl-C reaches both npm and the studio, and npm passes its own on, so one press arrives twice.
    if (stopping) {
      if (Date.now() - stoppingAt > 1_000) process.exit(130);
      return;
    }
    stopping = true;
    stoppingAt = Date.now();
    // And one is enough: a close that hangs (a stuck disk, a socket that never drains) must not
    // leave a studio that ignores the signal (docs/robust-host.md).
    setTimeout(() => {
      warn('Gateway Studio did not close within 10 s; stopping now.');
      process.exit(1);
    }, CLOSE_LIMIT_MS).unref();
    shell.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return shell;
}

function isEntryPoint(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * The port asked for on the command line (`--port N`) or in GATEWAY_STUDIO_PORT, or undefined
 * for the remembered one. A value that is not a port is an error, not a silent other port.
 */
export function portAsked(argv: string[], env: NodeJS.ProcessEnv): number | undefined {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string' } }, strict: false });
  const flag = values.port;
  // `--port` without a number is a mistake to say; an empty variable is as good as none.
  const raw = flag === undefined ? env.GATEWAY_STUDIO_PORT || undefined : typeof flag === 'string' ? flag : '';
  if (raw === undefined) return undefined;
  const port = /^\d{1,5}$/.test(raw.trim()) ? Number(raw) : -1;
  if (port < 0 || port > 65535) throw new Error(`the port must be a number from 0 to 65535 (got '${raw}')`);
  return port;
}

if (isEntryPoint() && needsShellEnv()) {
  void runWithShellEnv(fileURLToPath(import.meta.url), process.argv.slice(2)).then((code) => process.exit(code));
} else if (isEntryPoint()) {
  Promise.resolve()
    .then(() => runBrowserShell({ open: !process.argv.includes('--no-open'), port: portAsked(process.argv.slice(2), process.env) }))
    .catch((e: unknown) => {
      toTerminal((line) => console.error(line))(`Gateway Studio could not start: ${(e as Error).message}`);
      process.exit(1);
    });
}
