import type { IncomingHttpHeaders } from 'node:http';

/**
 * The access token of a request. Three forms are accepted: `Authorization: Bearer <t>`, a bare
 * `Authorization: <t>` (most official samples) and the legacy `X-ImpTokenHeader: <t>`;
 * Authorization wins when both are sent.
 */
export function tokenOf(headers: IncomingHttpHeaders): string | null {
  const authorization = headers.authorization?.trim();
  if (authorization) return authorization.replace(/^Bearer\s+/i, '').trim() || null;
  const legacy = headers['x-imptokenheader'];
  const value = (Array.isArray(legacy) ? legacy[0] : legacy)?.trim();
  return value || null;
}
