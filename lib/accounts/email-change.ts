import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { PendingEmailChange } from '@/lib/accounts/account';
import { emailChanges, getDb, passwordResets, violatedUniqueConstraint } from '@/lib/db';
import { AppError } from '@/lib/http';
import { enqueueMail } from '@/lib/mail';
import { type Limit, spend } from '@/lib/rate-limit';
import { confirmPassword, currentPassword } from './account-changes';
import { claimLink, issueLink, linkToken, voidOpenLinks } from './one-time-link';
import { refuseAccount } from './refusals';
import { lockUserRow, updateEmail } from './repository';
import { credentialsSchema } from './sign-in';
import { findUserByEmail, normaliseEmail, type User } from './users';

/** How long the link mailed to the new address works. */
export const EMAIL_LINK_VALID_HOURS = 24;
/** Change requests naming one address (known or not): nobody's mailbox is flooded from our form. */
export const EMAIL_CHANGES_PER_ADDRESS: Limit = { name: 'email-change-address', points: 3, windowSeconds: 15 * 60 };

export const emailChangeSchema = z.object({ currentPassword, email: credentialsSchema.shape.email }).strict();
export const emailConfirmSchema = z.object({ token: linkToken('확인 링크가 올바르지 않습니다.') }).strict();

/**
 * Asks to change the sign-in email (the current password checked first): nothing changes yet. A
 * link goes to the new address, valid EMAIL_LINK_VALID_HOURS, and voids any earlier link. When
 * another account holds the address the answer is the same — the mail to that address says so
 * instead of carrying a link — so the form never tells which addresses are registered.
 */
export async function requestEmailChange(user: User, password: string, email: string): Promise<PendingEmailChange> {
  const next = normaliseEmail(email);
  await confirmPassword(user, password);
  if (next === user.email) {
    const refusal = refuseAccount('same_email');
    throw new AppError(refusal.status, refusal.code, refusal.message, { email: refusal.message });
  }
  await spend(EMAIL_CHANGES_PER_ADDRESS, next);
  const taken = (await findUserByEmail(next)) !== undefined;
  const db = await getDb();
  const expiresAt = await db.transaction(async (tx) => {
    await voidOpenLinks(tx, emailChanges, user.id);
    // A taken address gets no working link; the row, used at once, still names the mail's occasion.
    const {
      row: change,
      url,
      expiresAt,
    } = await issueLink(
      tx,
      emailChanges,
      { userId: user.id, newEmail: next, ...(taken && { usedAt: new Date() }) },
      { page: '/email-change', validMs: EMAIL_LINK_VALID_HOURS * 3_600_000 },
    );
    await enqueueMail(tx, {
      kind: taken ? 'email_change_taken' : 'email_change',
      subject: user.id,
      occasion: change.id,
      userId: user.id,
      recipient: next,
      // Not tied to the payment service's clock: due at once.
      dueAt: 0,
      payload: taken ? {} : { link: url, validHours: EMAIL_LINK_VALID_HOURS },
    });
    return expiresAt;
  });
  return { email: next, expiresAt: expiresAt.toISOString() };
}

/** The change the account page shows as waiting for its link, if any. */
export async function pendingEmailChange(userId: string): Promise<PendingEmailChange | undefined> {
  const db = await getDb();
  const change = await db.query.emailChanges.findFirst({
    where: and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())),
  });
  return change && { email: change.newEmail, expiresAt: change.expiresAt.toISOString() };
}

const invalidLink = () =>
  new AppError(
    400,
    'invalid_email_link',
    '링크가 만료되었거나 이미 사용되었습니다. 내 계정에서 이메일 변경을 다시 요청해 주세요.',
  );

/**
 * Opens the link: once (a conditional update claims it), before it expires, for an account not
 * withdrawn. The sign-in email becomes the new address; open reset links are voided (one mailed to
 * the old address must not reset the account it left) and the old address is told. Answers the new email.
 */
export async function confirmEmailChange(token: string): Promise<string> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const change = await claimLink(tx, emailChanges, token);
      if (!change) throw invalidLink();
      const before = await lockUserRow(tx, change.userId);
      if (!before || before.deletedAt !== null) throw invalidLink();
      await updateEmail(tx, before.id, change.newEmail);
      await voidOpenLinks(tx, passwordResets, before.id);
      await enqueueMail(tx, {
        kind: 'email_changed',
        subject: before.id,
        occasion: change.id,
        userId: before.id,
        recipient: before.email,
        dueAt: 0,
        payload: { newEmail: maskEmail(change.newEmail) },
      });
      return change.newEmail;
    });
  } catch (error) {
    // Taken by a signup since the link was sent: its owner (who opened this link) is told.
    if (violatedUniqueConstraint(error) === 'users_email_unique') throw refuseAccount('email_taken');
    throw error;
  }
}

/** `n***@example.com`: enough for the old address's owner to recognise it, not to copy it. */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1***');
