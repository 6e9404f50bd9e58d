/**
 * Who may use the browser shell (docs/security.md, "The browser shell's session").
 *
 * A cookie alone cannot be the credential: browsers do not isolate cookies by port, so every other
 * server on 127.0.0.1 the user's browser visits is sent it and could replay it. A session is
 * therefore two secrets that must come together:
 * - a cookie, named for this port, that gates the page and its files;
 * - a session secret the page holds (in its tab's sessionStorage, which is per origin, so per
 *   port) and sends as the `X-Studio-Session` header on every call. It reaches the page only
 *   in the fragment of the sign-in redirect, which browsers never send to any server.
 * Media cannot carry headers (an <img>), and the event stream's address was made for an
 * EventSource, which cannot either: they take a query parameter, and media take their own secret, so an image address copied out of the page grants
 * reading media of that session and nothing else.
 *
 * A launch link works once. The shell prints a fresh one after each use, for another tab or
 * browser.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_HEADER = 'x-studio-session';
/** Query parameters for what cannot send a header: the event stream and media. */
export const SESSION_PARAM = 'session';
export const MEDIA_PARAM = 'm';
/** The fragment key of the sign-in redirect: `#studio-session=<api>.<media>`. */
export const FRAGMENT_KEY = 'studio-session';

/** Enough for many tabs; the oldest goes first. */
const MAX_SESSIONS = 32;
const MAX_LINKS = 64;

export interface Session {
  cookie: string;
  api: string;
  media: string;
}

/** Hashing first gives timingSafeEqual equal-length buffers, so not even the length leaks. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

const secret = () => randomBytes(32).toString('base64url');

export class ShellSessions {
  private readonly links: string[] = [];
  private readonly sessions: Session[] = [];

  /** `port` is read when asked: the server knows it only once it listens. */
  constructor(private readonly port: () => number, firstLink?: string) {
    this.links.push(firstLink ?? secret());
  }

  /** Named for the port: the browser sends every 127.0.0.1 cookie to every port. */
  get cookieName(): string {
    return `studio_session_${this.port()}`;
  }

  /** The token of the link printed at start. */
  get firstLink(): string {
    return this.links[0];
  }

  /** A new one-time link token, for another tab or browser. */
  mintLink(): string {
    const token = secret();
    this.links.push(token);
    if (this.links.length > MAX_LINKS) this.links.shift();
    return token;
  }

  /** Spends a link token: a new session, or undefined when the token is unknown or used. */
  redeem(token: string): Session | undefined {
    let found = -1;
    // Every entry is compared, so the time taken says nothing about which matched.
    this.links.forEach((t, i) => {
      if (sameSecret(t, token)) found = i;
    });
    if (found < 0) return undefined;
    this.links.splice(found, 1);
    const session = { cookie: secret(), api: secret(), media: secret() };
    this.sessions.push(session);
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    return session;
  }

  /** The session whose cookie this is, if any. */
  byCookie(cookie: string | undefined): Session | undefined {
    if (cookie === undefined) return undefined;
    let found: Session | undefined;
    for (const s of this.sessions) if (sameSecret(s.cookie, cookie)) found = s;
    return found;
  }
}
