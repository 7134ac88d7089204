import 'server-only';

/**
 * The address a request came from, as the nearest proxy (or Next's own server) recorded it: the
 * last hop of X-Forwarded-For, else X-Real-IP. Undefined when neither is present. Behind several
 * proxies, the app must sit behind one that overwrites or appends these headers.
 */
export function clientAddress(request: Request): string | undefined {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  const address = last || request.headers.get('x-real-ip')?.trim();
  if (!address) return undefined;
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address.
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}
