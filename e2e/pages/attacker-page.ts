/**
 * Page object of a hostile local site: a page served from another port of 127.0.0.1 (the same
 * *site* as the browser shell for cookies, a different origin) that tries every way a web page
 * has to reach the shell. Each attempt reports what the page could observe; whether the shell
 * acted is checked separately, from the studio's side.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from '@playwright/test';

/** What the attacker's script saw: a readable answer, an opaque one, or a network error. */
export type Outcome = 'blocked' | 'opaque' | `read ${number}: ${string}`;

export type FormEncoding = 'application/x-www-form-urlencoded' | 'multipart/form-data' | 'text/plain';

export class AttackerSite {
  private constructor(
    private readonly server: Server,
    readonly origin: string,
    /** Every Cookie header the user's browser sent this server: cookies are not isolated by port. */
    readonly cookiesSeen: string[],
  ) {}

  static async start(): Promise<AttackerSite> {
    const cookiesSeen: string[] = [];
    const server = createServer((req, res) => {
      if (req.headers.cookie) cookiesSeen.push(req.headers.cookie);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not the studio</title><p>A page on another local port.</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new AttackerSite(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, cookiesSeen);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async open(page: Page): Promise<void> {
    await page.goto(this.origin);
  }
}

export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sent as multipart/form-data. */
  form?: Record<string, string>;
  mode?: 'cors' | 'no-cors' | 'same-origin';
  credentials?: 'include' | 'omit' | 'same-origin';
}

/** A fetch from whatever page is open, reporting what its script could read of the answer. */
export function fetchFrom(page: Page, url: string, init: FetchInit): Promise<Outcome> {
  return page.evaluate(async ({ url, init }) => {
    const g = globalThis as any;
    const { form, ...rest } = init;
    let body: unknown = rest.body;
    if (form) {
      body = new g.FormData();
      for (const [k, v] of Object.entries(form)) (body as any).append(k, v);
    }
    try {
      const r = await g.fetch(url, { ...rest, body });
      return r.type === 'opaque' ? 'opaque' : `read ${r.status}: ${await r.text()}`;
    } catch {
      return 'blocked';
    }
  }, { url, init }) as Promise<Outcome>;
}

/** Loads an image into the given page and reports whether it could be shown. */
export function loadImage(page: Page, url: string): Promise<'loaded' | 'blocked'> {
  return page.evaluate((url) => new Promise<'loaded' | 'blocked'>((resolve) => {
    const img = new (globalThis as any).Image();
    img.onload = () => resolve('loaded');
    img.onerror = () => resolve('blocked');
    img.src = url;
  }), url);
}

/**
 * Submits a real HTML form from the attacker page, as a click on a hostile site would: the
 * browser navigates to the shell with the SameSite cookie and its own Origin. Returns the
 * shell's answer to that navigation.
 */
export async function submitForm(page: Page, action: string, enctype: FormEncoding, fields: Record<string, string>): Promise<Response> {
  const answer = page.waitForResponse((r) => r.url() === action && r.request().method() === 'POST');
  await page.evaluate(({ action, enctype, fields }) => {
    const d = (globalThis as any).document;
    const form = d.createElement('form');
    form.method = 'POST';
    form.action = action;
    form.enctype = enctype;
    for (const [name, value] of Object.entries(fields)) {
      const input = d.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    d.body.append(form);
    form.submit();
  }, { action, enctype, fields });
  return answer;
}

/** Opens an EventSource and reports whether the stream opened (events would follow) or failed. */
export function openEventSource(page: Page, url: string, withCredentials: boolean): Promise<'opened' | 'blocked'> {
  return page.evaluate(({ url, withCredentials }) => new Promise<'opened' | 'blocked'>((resolve) => {
    const source = new (globalThis as any).EventSource(url, { withCredentials });
    source.onopen = () => {
      source.close();
      resolve('opened');
    };
    source.onerror = () => {
      source.close();
      resolve('blocked');
    };
  }), { url, withCredentials });
}
