/**
 * Result links are the gateway's word, and a hostile gateway can point them at the creator's own
 * machine or network: a local admin page, a router, a cloud metadata service, whose answer would
 * then be kept in the library (docs/gateway-rules.md, "Result links"). A link may reach a
 * loopback, private, link-local or unspecified address only when it is on an origin the caller
 * trusts (the active profile's own gateway: the embedded sandbox is on 127.0.0.1).
 *
 * The address is checked where the connection is made, not where the link is read: an IP written
 * in the link is checked as it is, and a host name is checked for every address it resolves to,
 * inside the connection's own lookup, so a name that resolves to a public address for a check and
 * to 127.0.0.1 for the connection (DNS rebinding) finds no gap between the two.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Node's own matcher: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is matched against the IPv4 ranges. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether `address` (an IP, IPv6 with or without brackets) is not a public address. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 0) return false;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Thrown (by the lookup, or for an IP in the link) when a link leads to a private address. */
export class PrivateAddressRefused extends Error {
  readonly code = 'ESTUDIO_PRIVATE_ADDRESS';
  constructor(readonly host: string) {
    super(`${host} is a local or private address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `dns.lookup` as `net.connect` calls it, refusing a name when any of its addresses is private:
 * all of them are asked for, so a mixed answer cannot slip a private one through on a retry.
 */
export function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) return callback(new PrivateAddressRefused(hostname), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}
