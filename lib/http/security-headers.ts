/**
 * The security headers of every response: pages' in proxy.ts, with the request's nonce; the API's
 * JSON in the route wrapper (lib/http/plain-route.ts), the same without a nonce, since a JSON answer
 * runs no script. The Content-Security-Policy allows scripts only from this site, with that nonce
 * (Next's own inline scripts carry it), and from the service's script origin; windows (the layer
 * iframe) only from the service's window origin; nothing may frame this site. Pure, so proxy.ts,
 * the wrapper and the tests share it.
 */
export interface HeaderConfig {
  /** NEXT_PUBLIC_IMP_SCRIPT_URL: the service's client script. */
  scriptUrl: string;
  /** IMP_API_URL: the service's REST API and hosted windows. */
  apiUrl: string;
  /** APP_URL: HSTS only when the site is served over https. */
  appUrl: string;
  /** `next dev` needs eval for React's debugging tools; never in production. */
  development: boolean;
}

/** A fresh nonce per request: 128 random bits, base64. */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** `nonce`: a page's; none for an answer that runs no script (the API's JSON). */
export function contentSecurityPolicy(config: HeaderConfig, nonce?: string): string {
  const scriptOrigin = new URL(config.scriptUrl).origin;
  const windowOrigin = new URL(config.apiUrl).origin;
  // The script talks to its own origin (it opens windows with a request there).
  const serviceOrigins = [...new Set([scriptOrigin, windowOrigin])].join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''} ${scriptOrigin}${config.development ? " 'unsafe-eval'" : ''}`,
    // The service's layer and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${serviceOrigins}`,
    `frame-src ${windowOrigin}`,
    `child-src ${windowOrigin}`,
    `form-action 'self' ${windowOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

export function securityHeaders(config: HeaderConfig, nonce?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, nonce),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Payment stays allowed for this site and the service's windows (the Payment Request API).
    'Permissions-Policy': `payment=(self "${new URL(config.apiUrl).origin}"), camera=(), microphone=(), geolocation=(), usb=()`,
    'X-Frame-Options': 'DENY',
    ...(new URL(config.appUrl).protocol === 'https:' && {
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    }),
  };
}
