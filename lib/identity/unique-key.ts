import 'server-only';
import { createHmac } from 'node:crypto';
import { env } from '@/lib/env';
import { serverSecret } from '@/lib/secrets';

/**
 * One account per person without storing the person's CI: a keyed hash is stable for the same
 * unique_key and useless to anyone without the key.
 */
export function hashUniqueKey(uniqueKey: string): string {
  return createHmac('sha256', serverSecret('identity', env.IDENTITY_HASH_KEY)).update(uniqueKey).digest('base64url');
}
