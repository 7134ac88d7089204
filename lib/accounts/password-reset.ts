import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, passwordResets, sessions, users } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError } from '@/lib/http';
import { enqueueMail } from '@/lib/mail';
import { type Limit, spend } from '@/lib/rate-limit';
import { hashPassword } from './password';
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
    token: z.string().regex(/^[\w-]{43}$/, '재설정 링크가 올바르지 않습니다.'),
    password: credentialsSchema.shape.password,
  })
  .strict();

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

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
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .insert(passwordResets)
      .values({
        userId: user.id,
        tokenHash: hashOf(token),
        expiresAt: new Date(Date.now() + RESET_VALID_MINUTES * 60_000),
      })
      .returning();
    if (!reset) throw new Error('password reset not stored');
    await enqueueMail(tx, {
      kind: 'password_reset',
      subject: user.id,
      occasion: reset.id,
      userId: user.id,
      // Not tied to the payment service's clock: due at once.
      dueAt: 0,
      payload: {
        link: new URL(`/reset-password?token=${token}`, env.APP_URL).toString(),
        validMinutes: RESET_VALID_MINUTES,
      },
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
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashOf(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
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
