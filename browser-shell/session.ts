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
 *
 * A session lives only as long as its tab: the secrets a browser's history or a log recorded,
 * with the cookie every local server is sent, must not open the studio after the tab is gone.
 * So a session ends STREAM_GRACE_MS after its tab's event stream closed (the tab always holds
 * one open; the grace covers a reload, which keeps the secret in sessionStorage and opens the
 * stream again), and, while no stream is open, IDLE_MS after the last request that held a
 * secret. The cookie alone keeps nothing alive. An ended session is forgotten.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_HEADER = 'x-studio-session';
/** Query parameters for what cannot send a header: the event stream and media. */
export const SESSION_PARAM = 'session';
export const MEDIA_PARAM = 'm';
/** The fragment key of the sign-in redirect: `#studio-session=<api>.<media>`. */
export const FRAGMENT_KEY = 'studio-session';

/** Without an open event stream, a session ends this long after its last call. */
export const IDLE_MS = 30 * 60_000;
/**
 * After its tab's last event stream closed, a session ends this long after: a reload opens the
 * stream again in seconds, and a hidden tab whose stream dropped tries again within a minute
 * even where the browser throttles its timers.
 */
export const STREAM_GRACE_MS = 2 * 60_000;

/** Enough for many tabs; the oldest goes first. */
const MAX_SESSIONS = 32;
const MAX_LINKS = 64;

export interface Session {
  cookie: string;
  api: string;
  media: string;
}

interface Held extends Session {
  /** The last request that held one of the secrets, or the moment the last stream closed. */
  lastActive: number;
  /** Event streams open now: while one is, the tab is there. */
  streams: number;
  /** When the last open stream closed; undefined while none ever closed. */
  closedAt?: number;
}

/** Hashing first gives timingSafeEqual equal-length buffers, so not even the length leaks. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

const secret = () => randomBytes(32).toString('base64url');

export class ShellSessions {
  private readonly links: string[] = [];
  private readonly sessions: Held[] = [];

  /**
   * `port` is read when asked: the server knows it only once it listens. `now` is the clock
   * sessions age by; tests move a fake one.
   */
  constructor(private readonly port: () => number, firstLink?: string, private readonly now: () => number = Date.now) {
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
    const session: Held = { cookie: secret(), api: secret(), media: secret(), lastActive: this.now(), streams: 0 };
    this.sessions.push(session);
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    return session;
  }

  /** The live session whose cookie this is, if any; ended sessions are forgotten first. */
  byCookie(cookie: string | undefined): Session | undefined {
    this.forgetEnded();
    if (cookie === undefined) return undefined;
    let found: Session | undefined;
    for (const s of this.sessions) if (sameSecret(s.cookie, cookie)) found = s;
    return found;
  }

  /** A request held one of the session's secrets: the tab is using it. */
  touch(session: Session): void {
    const held = this.held(session);
    if (held) held.lastActive = Math.max(held.lastActive, this.now());
  }

  /** The tab opened its event stream: the session lives while it is open. */
  streamOpened(session: Session): void {
    const held = this.held(session);
    if (!held) return;
    held.streams++;
    this.touch(held);
  }

  /** A stream closed: with none left open, the grace for a reload starts now. */
  streamClosed(session: Session): void {
    const held = this.held(session);
    if (!held || held.streams === 0) return;
    held.streams--;
    if (held.streams > 0) return;
    held.closedAt = this.now();
    // The open stream was activity until now: a reload after a quiet hour is still a reload.
    held.lastActive = Math.max(held.lastActive, held.closedAt);
  }

  private held(session: Session): Held | undefined {
    return this.sessions.find((s) => s === session);
  }

  private forgetEnded(): void {
    const now = this.now();
    const ended = (s: Held) =>
      s.streams === 0 && (now - s.lastActive > IDLE_MS || (s.closedAt !== undefined && now - s.closedAt > STREAM_GRACE_MS));
    for (let i = this.sessions.length - 1; i >= 0; i--) if (ended(this.sessions[i])) this.sessions.splice(i, 1);
  }
}
