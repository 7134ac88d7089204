import 'server-only';
import { env } from '@/lib/env';

/**
 * With WEBHOOK_ALLOWED_IPS set (the service's published source addresses), notices from any other
 * address are refused before any work; unset (the default), every address may post.
 */
export function webhookSourceAllowed(address: string | undefined): boolean {
  const allowed = env.WEBHOOK_ALLOWED_IPS;
  if (allowed.length === 0) return true;
  return address !== undefined && allowed.includes(address);
}
