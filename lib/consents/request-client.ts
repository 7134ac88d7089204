import 'server-only';
import { clientAddress } from '@/lib/http';
import type { ConsentClient } from './log';

/** The address and user agent a consent came with. */
export const consentClientOf = (request: Request): ConsentClient => ({
  ip: clientAddress(request),
  userAgent: request.headers.get('user-agent') ?? undefined,
});
