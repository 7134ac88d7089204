import 'server-only';
import { isIPv6 } from 'node:net';
import { env } from '@/lib/env';
import { PEER_HEADER } from './peer-header';

/**
 * The address a request came from. With TRUST_PROXY, as our reverse proxy recorded it: the last hop
 * of X-Forwarded-For, else X-Real-IP (behind several proxies, the outermost must overwrite or
 * append them). Without it, those headers are whatever the client wrote — Next keeps a client's
 * X-Forwarded-For as it is — so the address is the TCP peer's, stamped by the server itself
 * (lib/http/peer-address.ts). Undefined when unknown.
 */
export function clientAddress(request: Request): string | undefined {
  const address = env.TRUST_PROXY ? forwardedAddress(request) : request.headers.get(PEER_HEADER)?.trim();
  if (!address) return undefined;
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

function forwardedAddress(request: Request): string | undefined {
  const last = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last || request.headers.get('x-real-ip')?.trim();
}

/**
 * The key a request's address is rate-limited under: an IPv4 address as it is, an IPv6 address by
 * its /64 — one customer line or server is handed a whole /64, so limiting each address alone would
 * let anyone rotate through 2^64 of them.
 */
export function limitKey(request: Request): string {
  const address = clientAddress(request);
  if (!address) return 'unknown';
  const network = ipv6Network(address);
  return network ? `${network}::/64` : address;
}

/** The first four groups of an IPv6 address, normalised (`2001:db8:0:1`); undefined for anything else. */
function ipv6Network(address: string): string | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1').split('%')[0] ?? '';
  if (!isIPv6(bare)) return undefined;
  const groupsIn = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = bare.split('::');
  const front = groupsIn(head);
  const back = tail === undefined ? [] : groupsIn(tail);
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}
