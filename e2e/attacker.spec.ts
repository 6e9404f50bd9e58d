/**
 * Another local site against the browser shell, in Chromium. The user is signed in (the token
 * cookie is in the jar), then visits a hostile page on another port of 127.0.0.1: the same site
 * for SameSite cookies, so only the shell's own checks (Origin, Sec-Fetch-Site, content type,
 * Host, CORP, no CORS) stand between that page and the user's keys. Every attempt tries to save
 * a profile; afterwards the studio must show none of them.
 */
import type { Page } from '@playwright/test';
import { test, expect, type Studio } from './fixtures.js';
import { AttackerSite, fetchFrom, loadImage, openEventSource, submitForm } from './pages/attacker-page.js';
import { pageCall } from './pages/page-call.js';
import { submitTask } from './pages/gallery-page.js';
import { waitForLibrary } from './pages/video-page.js';
import { StudioPage } from './pages/studio-page.js';

const profile = (name: string) => ({ name, baseUrl: 'https://evil.example', apiKey: 'sk-attacker-0000' });

/** Signs in: the session cookie is in the jar from here on, and the tab holds its secret. */
async function signIn(page: Page, studio: Studio) {
  const link = studio.url;
  await new StudioPage(page).open(link);
  return { shell: new URL(link).origin, link };
}

/**
 * Records every status the shell answers from now on. Through the DevTools protocol, because the
 * browser hides an answer it blocked (CORS, CORP) from the page and from Playwright's own events;
 * a preflight the shell refused is recorded too. Started once the attacker's page is open, so
 * the studio's own idle loading (its lazy chunks) is not mistaken for the attacker's requests.
 */
async function watchShell(page: Page, shell: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, string>();
  const statuses = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, `${e.request.method} ${e.request.url}`));
  cdp.on('Network.responseReceivedExtraInfo', (e) => statuses.set(e.requestId, e.statusCode));
  return () => [...statuses].flatMap(([id, status]) => {
    const request = requests.get(id);
    return request?.includes(` ${shell}/`) ? [`${request} ${status}`] : [];
  });
}

/** Back in the studio: no profile the attacker tried to save exists. */
async function expectNothingSaved(page: Page, studio: Studio) {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  const settings = await studioPage.openTab('Settings');
  await expect(settings.getByRole('heading', { name: 'Offline sandbox' })).toBeVisible();
  await expect(settings.getByRole('listitem').filter({ hasText: /pwned/ })).toHaveCount(0);
  const list = await pageCall(page, 'profiles.list');
  expect(list.ok).toBe(true);
  expect(JSON.stringify(list)).not.toContain('pwned');
}

let attacker: AttackerSite;
test.beforeEach(async () => {
  attacker = await AttackerSite.start();
});
test.afterEach(async () => {
  await attacker.close();
});

test('another local site cannot call the shell by fetch, with or without credentials, nor open its event stream', async ({ page, studio }) => {
  const { shell } = await signIn(page, studio);
  await attacker.open(page);
  const answers = await watchShell(page, shell);
  const call = `${shell}/api/call/profiles.save`;
  const json = (name: string) => JSON.stringify(profile(name));
  const outcomes = {
    jsonWithCookie: await fetchFrom(page, call, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: json('pwned-1') }),
    jsonWithoutCookie: await fetchFrom(page, call, { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' }, body: json('pwned-2') }),
    // "Simple" requests skip the preflight and reach the shell: it must refuse them itself.
    textPlainJson: await fetchFrom(page, call, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: json('pwned-3') }),
    urlencoded: await fetchFrom(page, call, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=pwned-4&baseUrl=https%3A%2F%2Fevil.example&apiKey=sk-attacker-0000' }),
    multipart: await fetchFrom(page, call, { method: 'POST', mode: 'no-cors', credentials: 'include', form: profile('pwned-5') }),
    noCorsWithoutCookie: await fetchFrom(page, call, { method: 'POST', mode: 'no-cors', credentials: 'omit', headers: { 'Content-Type': 'text/plain' }, body: json('pwned-6') }),
    readProfiles: await fetchFrom(page, `${shell}/api/call/profiles.list`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
    eventsWithCookie: await openEventSource(page, `${shell}/api/events`, true),
    eventsWithoutCookie: await openEventSource(page, `${shell}/api/events`, false),
  };
  expect(outcomes).toEqual({
    jsonWithCookie: 'blocked',
    jsonWithoutCookie: 'blocked',
    textPlainJson: 'blocked',
    urlencoded: 'blocked',
    multipart: 'blocked',
    noCorsWithoutCookie: 'blocked',
    readProfiles: 'blocked',
    eventsWithCookie: 'blocked',
    eventsWithoutCookie: 'blocked',
  });
  // Not only the browser hid the answers: the shell refused every request that reached it.
  await expect.poll(() => answers().length).toBeGreaterThanOrEqual(9);
  expect(answers().map((a) => a.replace(shell, '')).sort()).toEqual([
    'GET /api/events 403', 'GET /api/events 403',
    'OPTIONS /api/call/profiles.save 403', 'OPTIONS /api/call/profiles.save 403',
    'POST /api/call/profiles.list 403',
    'POST /api/call/profiles.save 403', 'POST /api/call/profiles.save 403', 'POST /api/call/profiles.save 403', 'POST /api/call/profiles.save 403',
  ]);
  await expectNothingSaved(page, studio);
});

const FORMS: Array<[string, 'application/x-www-form-urlencoded' | 'multipart/form-data' | 'text/plain', Record<string, string>]> = [
  ['urlencoded', 'application/x-www-form-urlencoded', profile('pwned-form-1')],
  ['multipart', 'multipart/form-data', profile('pwned-form-2')],
  // The classic trick: a text/plain form whose "name=value" line is valid JSON.
  ['text/plain carrying JSON', 'text/plain', { [JSON.stringify(profile('pwned-form-3')).slice(0, -1) + ',"x":"']: '"}' }],
];

for (const [label, enctype, fields] of FORMS) {
  test(`another local site cannot call the shell with an HTML form post (${label})`, async ({ page, studio }) => {
    const { shell } = await signIn(page, studio);
    await attacker.open(page);
    const answer = await submitForm(page, `${shell}/api/call/profiles.save`, enctype, fields);
    // The form really carried the user's cookie: only the shell's Origin check refused it.
    expect(await answer.request().headerValue('cookie')).toContain('studio_session_');
    expect(answer.status()).toBe(403);
    expect(await answer.text()).toBe('Forbidden origin.');
    await expectNothingSaved(page, studio);
  });
}

test('a page reached under another name (DNS rebinding) is refused, even holding the sign-in link', async ({ page, studio }) => {
  await signIn(page, studio);
  // Chromium resolves every *.localhost name to this machine, as a rebound DNS name would: the
  // browser takes the page as its own origin, so it could read whatever the shell answered.
  const signInUrl = new URL(studio.url);
  const rebound = `http://rebind.localhost:${signInUrl.port}`;
  const first = await page.goto(`${rebound}/?token=${signInUrl.searchParams.get('token')}`);
  expect(first?.status()).toBe(403);
  expect(await first?.text()).toBe('Forbidden host.');
  expect(await page.context().cookies(rebound)).toEqual([]);

  const call = await fetchFrom(page, '/api/call/profiles.save', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(profile('pwned-rebind')) });
  expect(call).toBe('read 403: Forbidden host.');
  expect(await fetchFrom(page, '/', {})).toBe('read 403: Forbidden host.');
  expect(await openEventSource(page, '/api/events', false)).toBe('blocked');
  await expectNothingSaved(page, studio);
});

test('another local site cannot show or read the library', async ({ page, studio }) => {
  const { shell } = await signIn(page, studio);
  // A picture the studio made and saved, and the address the studio's own page shows it at.
  await submitTask(page, { route: 'image', request: { model: 'seedream-4-0', prompt: 'a private picture' } });
  await waitForLibrary(page, 'image', 1);
  const file = (await pageCall(page, 'library.list', { kind: 'image' })).value.items[0].file as string;
  const path = `/media/${file.split('/').map(encodeURIComponent).join('/')}`;
  const media = String(await page.evaluate("sessionStorage.getItem('gateway-studio:session')")).split('.')[1];
  expect(await loadImage(page, `${path}?m=${media}`)).toBe('loaded');

  await attacker.open(page);
  // Even knowing the address, secret included, another origin can neither show nor read it.
  for (const url of [`${shell}${path}`, `${shell}${path}?m=${media}`]) {
    expect(await loadImage(page, url), url).toBe('blocked');
    expect(await fetchFrom(page, url, { mode: 'no-cors', credentials: 'include' }), url).toBe('blocked');
    expect(await fetchFrom(page, url, { credentials: 'include' }), url).toBe('blocked');
  }
  // And the server that was sent the cookie gets nothing with it.
  const stolen = attacker.cookiesSeen.join('; ');
  expect((await fetch(`${shell}${path}`, { headers: { Cookie: stolen } })).status).toBe(403);
});

test('another local server that is sent the session cookie can call nothing with it, nor reuse the sign-in link', async ({ page, studio }) => {
  const { shell, link } = await signIn(page, studio);
  // The user's browser visits the other local server: it is sent the studio's cookie.
  await attacker.open(page);
  const port = new URL(shell).port;
  const stolen = attacker.cookiesSeen.join('; ');
  expect(stolen).toContain(`studio_session_${port}=`);
  // That server replays it, forging every header a browser would have set.
  const replay = (path: string, init: RequestInit = {}) =>
    fetch(`${shell}${path}`, { redirect: 'manual', ...init, headers: { Cookie: stolen, ...(init.headers as Record<string, string>) } });
  const json = { 'Content-Type': 'application/json' };
  const attempts = {
    noOrigin: (await replay('/api/call/profiles.list', { method: 'POST', headers: json, body: '{}' })).status,
    forgedOrigin: (await replay('/api/call/profiles.list', { method: 'POST', headers: { ...json, Origin: shell, 'Sec-Fetch-Site': 'same-origin' }, body: '{}' })).status,
    save: (await replay('/api/call/profiles.save', { method: 'POST', headers: { ...json, Origin: shell }, body: JSON.stringify(profile('pwned-replay')) })).status,
    events: (await replay('/api/events')).status,
    usedLink: (await fetch(link, { redirect: 'manual' })).status,
  };
  expect(attempts).toEqual({ noOrigin: 403, forgedOrigin: 403, save: 403, events: 403, usedLink: 403 });
  // Nothing the attacker's own page can read holds the tab's secret either.
  const visible = await page.evaluate('JSON.stringify([document.cookie, Object.entries(sessionStorage), Object.entries(localStorage)])');
  expect(String(visible)).not.toMatch(/studio[-_]session/);
  await expectNothingSaved(page, studio);
});

const MINUTE = 60_000;

test('the sign-in secret the browser recorded, with the cookie another local server is sent, gives nothing once the tab is closed', async ({ page, studio }) => {
  const link = studio.url;
  const shell = new URL(link).origin;
  const studioPage = new StudioPage(page);
  // What the browser's history records of the sign-in: the link, and the address it redirected to, secrets in its fragment.
  const navigation = await page.goto(link);
  const redirect = await navigation?.request().redirectedFrom()?.response();
  const recorded = new URL(redirect?.headers()['location'] ?? '', link);
  const [api, media] = (new URLSearchParams(recorded.hash.slice(1)).get('studio-session') ?? '').split('.');
  expect(api && media).toBeTruthy();
  await expect(studioPage.tab('Chat')).toBeVisible();

  // The tab's own record holds no secret: neither its address nor any entry of its history.
  const cdp = await page.context().newCDPSession(page);
  const { entries } = await cdp.send('Page.getNavigationHistory');
  expect(page.url()).toBe(`${shell}/`);
  expect(await page.evaluate('history.length')).toBe(entries.length);
  for (const secret of [api, media]) expect(JSON.stringify(entries)).not.toContain(secret);
  // A launch link it keeps is spent: opening it again signs nobody in.
  const links = entries.flatMap((e) => [e.url, e.userTypedURL]).filter((u) => u.includes('token='));
  for (const used of [link, ...links]) expect((await fetch(used, { redirect: 'manual' })).status, used).toBe(403);

  // The user visits another local server in another tab: it is sent the studio's cookie.
  await attacker.open(await page.context().newPage());
  const stolen = attacker.cookiesSeen.join('; ');
  expect(stolen).toContain(`studio_session_${new URL(shell).port}=`);
  const replayCall = async () => (await fetch(`${shell}/api/call/profiles.list`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: stolen, Origin: shell, 'X-Studio-Session': api }, body: '{}',
  })).status;
  const replayEvents = async () => {
    const stop = new AbortController();
    const answer = await fetch(`${shell}/api/events?session=${api}`, { headers: { Cookie: stolen }, signal: stop.signal });
    stop.abort();
    return answer.status;
  };
  // While the tab lives, what was recorded is worth what the tab holds: the replay is well formed.
  expect(await replayCall()).toBe(200);

  await page.close();
  // The clock moves past the grace a reload needs, again until the shell has seen the stream end.
  await expect.poll(async () => {
    studio.advanceSessionClock(2 * MINUTE + 1_000);
    return replayCall();
  }).toBe(403);
  expect({
    call: await replayCall(),
    events: await replayEvents(),
    media: (await fetch(`${shell}/media/any.png?m=${media}`, { headers: { Cookie: stolen } })).status,
    page: (await fetch(`${shell}/`, { headers: { Cookie: stolen } })).status,
  }).toEqual({ call: 403, events: 403, media: 403, page: 403 });
});

test('a reload keeps the tab signed in, and an open tab stays signed in through hours without a call', async ({ page, studio }) => {
  const studioPage = new StudioPage(page);
  await studioPage.open(studio.url);
  const streamed = page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
  await page.reload();
  await streamed;
  await expect(studioPage.tab('Chat')).toBeVisible();
  // Hours later, the tab still open: its event stream is its activity.
  studio.advanceSessionClock(3 * 60 * MINUTE);
  const settings = await studioPage.openTab('Settings');
  await expect(settings.getByRole('heading', { name: 'Offline sandbox' })).toBeVisible();
  expect((await pageCall(page, 'profiles.list')).ok).toBe(true);
  await page.reload();
  await expect(studioPage.tab('Chat')).toBeVisible();
  await expect(studioPage.activeProfile).toContainText('Offline sandbox');
  await expect(page.getByText('This tab is not signed in')).toHaveCount(0);
});
