/**
 * The security headers of every response: pages' in proxy.ts, with the request's nonce; the API's
 * JSON in the route wrapper (lib/http/plain-route.ts), the same without a nonce, since a JSON answer
 * runs no script. The Content-Security-Policy allows scripts only from this site, with that nonce
 * (Next's own inline scripts carry it), and from the service's script origin (V1's, and V2's when
 * the shop is on V2); windows (the layer iframe) only from the service's window origins; nothing
 * may frame this site. Pure, so proxy.ts,
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
  /** PORTONE_V2_SCRIPT_URL, when the shop opens V2 windows (PORTONE_API=v2); unset on V1. */
  v2ScriptUrl?: string;
}

/**
 * Where PortOne's own V2 script goes once loaded from its CDN: the PG drivers it fetches from the
 * CDN, its checkout service (requests, and the window it frames), its transaction gateway, bridge
 * and telemetry, and the identity pages on service.iamport.kr. Named one by one (no wildcard), as
 * merchants' published policies for the V2 SDK list them; the emulator's script needs none of them.
 */
const PORTONE_V2_CDN = 'https://cdn.portone.io';
const PORTONE_V2_CONNECT = [
  PORTONE_V2_CDN,
  'https://checkout-service.prod.iamport.co',
  'https://tx-gateway-service.prod.iamport.co',
  'https://payment-bridge.prod.iamport.co',
  'https://coretelemetry.prod.iamport.co',
];
const PORTONE_V2_WINDOWS = ['https://checkout-service.prod.iamport.co', 'https://service.iamport.kr'];

/** The V2 script's origin, and what PortOne's own script reaches beyond it (none for the emulator's). */
function v2Origins(v2ScriptUrl: string | undefined) {
  if (!v2ScriptUrl) return { script: [], connect: [], windows: [] };
  const script = new URL(v2ScriptUrl).origin;
  const real = script === PORTONE_V2_CDN;
  return { script: [script], connect: real ? PORTONE_V2_CONNECT : [script], windows: real ? PORTONE_V2_WINDOWS : [] };
}

const list = (origins: string[]) => [...new Set(origins)].join(' ');

/** A fresh nonce per request: 128 random bits, base64. */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** `nonce`: a page's; none for an answer that runs no script (the API's JSON). */
export function contentSecurityPolicy(config: HeaderConfig, nonce?: string): string {
  const scriptOrigin = new URL(config.scriptUrl).origin;
  const windowOrigin = new URL(config.apiUrl).origin;
  const v2 = v2Origins(config.v2ScriptUrl);
  const scripts = list([scriptOrigin, ...v2.script]);
  // The script talks to its own origin (it opens windows with a request there).
  const serviceOrigins = list([scriptOrigin, windowOrigin, ...v2.connect]);
  const windowOrigins = list([windowOrigin, ...v2.windows]);
  const directives = [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''} ${scripts}${config.development ? " 'unsafe-eval'" : ''}`,
    // The service's layer and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${serviceOrigins}`,
    `frame-src ${windowOrigins}`,
    `child-src ${windowOrigins}`,
    `form-action 'self' ${windowOrigins}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

const paymentWindows = (config: HeaderConfig) =>
  [...new Set([new URL(config.apiUrl).origin, ...v2Origins(config.v2ScriptUrl).windows])]
    .map((origin) => `"${origin}"`)
    .join(' ');

export function securityHeaders(config: HeaderConfig, nonce?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, nonce),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Payment stays allowed for this site and the service's windows (the Payment Request API).
    'Permissions-Policy': `payment=(self ${paymentWindows(config)}), camera=(), microphone=(), geolocation=(), usb=()`,
    'X-Frame-Options': 'DENY',
    ...(new URL(config.appUrl).protocol === 'https:' && {
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    }),
  };
}
