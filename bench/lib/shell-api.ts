/**
 * The contract over the browser shell's HTTP API, as the renderer calls it: signed in once with
 * a launch link (its cookie and session secret), then `POST /api/call/<method>` with the page's
 * own Origin and secret.
 */
import { signIn as signInShell } from '../../browser-shell/test/sign-in.js';

export interface ShellApi {
  call<T = unknown>(method: string, input?: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;
  value<T = unknown>(method: string, input?: unknown): Promise<T>;
}

export async function signIn(launchUrl: string): Promise<ShellApi> {
  const session = await signInShell(launchUrl);
  const call: ShellApi['call'] = async (method, input = {}) => {
    const answer = await fetch(`${session.origin}/api/call/${method}`, {
      method: 'POST',
      headers: { ...session.headers, 'Content-Type': 'application/json' },
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
