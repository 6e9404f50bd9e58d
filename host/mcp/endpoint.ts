/**
 * The address a secret is bound to (docs/mcp.md, "Tokens and URLs"): scheme, host, port and
 * path, as the WHATWG URL parser normalizes them (case of the host, a default port, `.`
 * segments). A token entered for one endpoint never goes to another: a change of any of these
 * drops it, as a profile's key is dropped when its gateway URL changes (profile-service.ts).
 */
export function endpointOf(url: string): string {
  const text = url.trim();
  try {
    const u = new URL(text);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return text;
  }
}

export const sameEndpoint = (a: string, b: string): boolean => endpointOf(a) === endpointOf(b);

/**
 * A token as the secrets port keeps it: with the endpoint it was given for, inside the secret,
 * where neither the page nor a data file can change it.
 */
export const boundSecret = (url: string, token: string): string => JSON.stringify({ for: endpointOf(url), token });

/** The token kept for `url`: undefined when it was given for another endpoint. */
export function secretFor(stored: string | undefined, url: string): string | undefined {
  const bound = unbind(stored);
  return bound && (bound.for === undefined || bound.for === endpointOf(url)) ? bound.token : undefined;
}

/** `for` is undefined for a token saved before tokens were bound: the token alone. */
export function unbind(stored: string | undefined): { for?: string; token: string } | undefined {
  if (stored === undefined) return undefined;
  try {
    const v = JSON.parse(stored) as { for?: unknown; token?: unknown };
    if (v && typeof v === 'object' && typeof v.for === 'string' && typeof v.token === 'string') return { for: v.for, token: v.token };
  } catch {
    // Not JSON: a token saved before tokens were bound.
  }
  return { token: stored };
}
