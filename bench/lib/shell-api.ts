/**
 * The contract over the browser shell's HTTP API, as the renderer calls it: signed in once with
 * the launch link (its cookie), then `POST /api/call/<method>` with the page's own Origin.
 */
export interface ShellApi {
  call<T = unknown>(method: string, input?: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;
  value<T = unknown>(method: string, input?: unknown): Promise<T>;
}

export async function signIn(launchUrl: string): Promise<ShellApi> {
  const link = new URL(launchUrl);
  const res = await fetch(link, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error(`signing in at ${link.origin} gave no cookie (HTTP ${res.status})`);
  const call: ShellApi['call'] = async (method, input = {}) => {
    const answer = await fetch(`${link.origin}/api/call/${method}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: link.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    return answer.json() as never;
  };
  return {
    call,
    async value(method, input) {
      const r = await call(method, input);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as never;
    },
  };
}
