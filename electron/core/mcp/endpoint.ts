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
