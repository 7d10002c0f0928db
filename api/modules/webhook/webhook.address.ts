import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard of webhook URLs: only public unicast addresses may be called. ipaddr.js classifies the
 * address (its IANA special-purpose tables for IPv4 and IPv6); everything but `unicast` (loopback,
 * private, link-local, carrier-grade NAT, unique-local, multicast, documentation, 6to4, Teredo, NAT64
 * ...) is refused. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/** The literal IP of a URL's host ([::1] without brackets), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`the address ${address} is loopback, private, link-local or otherwise not public`);
    this.name = 'BlockedAddressError';
  }
}

/** Every address a name resolves to (both families). */
export async function resolveAll(hostname: string): Promise<string[]> {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/**
 * A `lookup` for http.request that resolves the name and refuses the connection when any address is
 * not public: the address checked is the address connected to, so a name that resolved to a public
 * address at registration and to 127.0.0.1 now (DNS rebinding) is refused at delivery time.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as dns.LookupAddress[];
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(blocked.address) as NodeJS.ErrnoException, '', 4);
    if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};
