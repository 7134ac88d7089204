import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { AppError, notFound } from './errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Operators' routes need `Authorization: Bearer $OPERATOR_TOKEN`; without the variable they do not exist. */
export function assertOperator(request: Request): void {
  if (!env.OPERATOR_TOKEN) throw notFound();
  const given = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  // Compared as digests: constant time whatever the lengths.
  if (!timingSafeEqual(digest(given), digest(env.OPERATOR_TOKEN))) {
    throw new AppError(401, 'unauthenticated', '운영자 인증이 필요합니다.');
  }
}
