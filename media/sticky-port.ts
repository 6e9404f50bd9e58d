/**
 * A server that listens on the same port at every start while that port is free, remembered in a
 * small file. Two servers need it:
 * - the embedded sandbox (docs/robust-host.md, "Nothing paid for is stranded"): the result links
 *   of jobs saved across a restart name the port, and a new port every start left every such link
 *   dead;
 * - the browser shell (browser-shell/main.ts): a browser keeps localStorage per origin, and the
 *   port is part of the origin, so a new port every start lost the page's drafts and settings.
 * When another program holds the port, any free one is taken and remembered instead, so a program
 * that keeps the old port does not move the server at every start.
 *
 * In media/, the plain-Node layer the sandbox and the shells may both import (docs/architecture.md,
 * "The pieces"): the browser shell takes it from here rather than from the sandbox.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The port a file remembers, or 0. Anything but a bare decimal number of an unprivileged port is
 * ignored (a damaged or foreign file): ports up to 1024 need privileges on POSIX, and Number()
 * alone would take "0x1f90" or "1e4".
 */
export function rememberedPort(file: string): number {
  try {
    const text = readFileSync(file, 'utf8').trim();
    const port = /^\d{1,5}$/.test(text) ? Number(text) : 0;
    return port > 1024 && port < 65536 ? port : 0;
  } catch {
    return 0;
  }
}

function remember(file: string, port: number): void {
  // Written beside and renamed over, so a crash never leaves half a number, and a link planted
  // in its place is replaced rather than followed.
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, String(port));
    renameSync(temp, file);
  } catch {
    // Best effort: without it the next start picks a new port, as before.
    rmSync(temp, { force: true });
  }
}

/** Listen errors that mean "not this port", not "cannot serve": in use, or reserved (Windows). */
const PORT_UNAVAILABLE = new Set(['EADDRINUSE', 'EACCES']);

export interface StickyStart<T> {
  server: T;
  /** The remembered port, when it could not be had this time, and why (an errno code). */
  displaced?: { port: number; code: string };
}

/**
 * Starts a server on the port `portFile` remembers, or on any free one when there is none or it is
 * taken, and remembers the port it got. `start(0)` must pick a free port.
 */
export async function listenSticky<T extends { port: number }>(portFile: string, start: (port: number) => Promise<T>): Promise<StickyStart<T>> {
  const want = rememberedPort(portFile);
  let server: T;
  let displaced: StickyStart<T>['displaced'];
  try {
    server = await start(want);
  } catch (err) {
    const { code, syscall } = err as NodeJS.ErrnoException;
    if (want === 0 || syscall !== 'listen' || !code || !PORT_UNAVAILABLE.has(code)) throw err;
    server = await start(0);
    displaced = { port: want, code };
  }
  if (server.port !== want) remember(portFile, server.port);
  return { server, displaced };
}
