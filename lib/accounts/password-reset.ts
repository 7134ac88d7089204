import 'server-only';
import { z } from 'zod';
import { getDb, passwordResets } from '@/lib/db';
import { AppError } from '@/lib/http';
import { enqueueMail } from '@/lib/mail';
import { type Limit, spend } from '@/lib/rate-limit';
import { claimLink, issueLink, linkToken, voidOpenLinks } from './one-time-link';
import { hashPassword } from './password';
import { deleteUserSessions, updatePasswordHash } from './repository';
import { credentialsSchema } from './sign-in';
import { findUserByEmail, normaliseEmail } from './users';

/** How long a reset link works. */
export const RESET_VALID_MINUTES = 30;
/** Reset requests per address, and per email (known or not: the limit must not tell which exist). */
export const RESET_PER_ADDRESS: Limit = { name: 'reset-address', points: 10, windowSeconds: 15 * 60 };
export const RESET_PER_EMAIL: Limit = { name: 'reset-email', points: 3, windowSeconds: 15 * 60 };

export const resetRequestSchema = z.object({ email: credentialsSchema.shape.email }).strict();
export const resetSchema = z
  .object({
    token: linkToken('재설정 링크가 올바르지 않습니다.'),
    password: credentialsSchema.shape.password,
  })
  .strict();

/**
 * Mails a single-use reset link to the account of `email`, if there is one; the caller answers the
 * same either way. Only the token's hash is stored; the link travels in the outbox row until sent.
 */
export async function requestPasswordReset(email: string, address: string): Promise<void> {
  const account = normaliseEmail(email);
  await spend(RESET_PER_ADDRESS, address);
  await spend(RESET_PER_EMAIL, account);
  const user = await findUserByEmail(account);
  if (!user) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { row: reset, url } = await issueLink(
      tx,
      passwordResets,
      { userId: user.id },
      { page: '/reset-password', validMs: RESET_VALID_MINUTES * 60_000 },
    );
    await enqueueMail(tx, {
      kind: 'password_reset',
      subject: user.id,
      occasion: reset.id,
      userId: user.id,
      // Not tied to the payment service's clock: due at once.
      dueAt: 0,
      payload: { link: url, validMinutes: RESET_VALID_MINUTES },
    });
  });
}

/**
 * Sets a new password with a reset link's token: once (the token is claimed by a conditional
 * update), before it expires; every session of the account ends and other open links are voided.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const claimed = await claimLink(tx, passwordResets, token);
    if (!claimed) return false;
    await updatePasswordHash(claimed.userId, passwordHash, tx);
    await deleteUserSessions(claimed.userId, undefined, tx);
    await voidOpenLinks(tx, passwordResets, claimed.userId);
    return true;
  });
  if (!done) {
    throw new AppError(
      400,
      'invalid_reset_link',
      '링크가 만료되었거나 이미 사용되었습니다. 비밀번호 찾기를 다시 요청해 주세요.',
    );
  }
}
