import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, passwordResets } from '@/lib/db';
import { AppError } from '@/lib/http';
import { type Limit, spend } from '@/lib/rate-limit';
import { PASSWORD_MAX } from '@/lib/values/client';
import { hashPassword, verifyPassword } from './password';
import { refuseAccount } from './refusals';
import { updatePasswordHash } from './repository';
import { endOtherSessions } from './sessions';
import { credentialsSchema } from './sign-in';
import type { User } from './users';

export const currentPassword = z
  .string()
  .min(1, '현재 비밀번호를 입력해 주세요.')
  .max(PASSWORD_MAX, `비밀번호는 ${PASSWORD_MAX}자까지 입력할 수 있습니다.`);
/** The same rules as signup's password. */
export const passwordChangeSchema = z
  .object({ currentPassword, newPassword: credentialsSchema.shape.password })
  .strict();
export const passwordConfirmSchema = z.object({ password: currentPassword }).strict();

/** Password checks on the account page per account: a stolen session cannot guess the password. */
export const ACCOUNT_PASSWORD_CHECKS: Limit = { name: 'account-password', points: 10, windowSeconds: 15 * 60 };

/** The current password, checked (rate-limited per account) before any change to the account. */
export async function confirmPassword(user: User, password: string, field = 'currentPassword'): Promise<void> {
  await spend(ACCOUNT_PASSWORD_CHECKS, user.id);
  if (!(await verifyPassword(password, user.passwordHash))) {
    const refusal = refuseAccount('wrong_password');
    throw new AppError(refusal.status, refusal.code, refusal.message, { [field]: refusal.message });
  }
}

/**
 * Sets a new password after checking the current one. Sessions are stored on the server: every
 * other session of the account ends (this one stays), and open reset links are voided.
 */
export async function changePassword(
  user: User,
  current: string,
  newPassword: string,
  keepSessionCookie: string | undefined,
): Promise<void> {
  await confirmPassword(user, current);
  if (current === newPassword) throw withField(refuseAccount('same_password'), 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await updatePasswordHash(user.id, passwordHash, tx);
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await endOtherSessions(user.id, keepSessionCookie, tx);
  });
}

const withField = (error: AppError, field: string) =>
  new AppError(error.status, error.code, error.message, { [field]: error.message });
