// Any origin that cannot be real: a path that resolves anywhere else would leave the site.
const BASE = 'http://x.invalid';

/**
 * Only same-site paths may be returned to after sign-in (no open redirect via `?next=`).
 * Browsers drop tabs and newlines from URLs and read `\` as `/`, so the value is resolved the way
 * a browser would and only a path on our own origin is kept.
 */
export function safeReturnPath(candidate: string | string[] | undefined, fallback = '/account'): string {
  const value = Array.isArray(candidate) ? candidate[0] : candidate;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (!value?.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/..//evil.example` normalises to `//evil.example`, which a browser would read as a host.
  return path.startsWith('//') ? fallback : path;
}
