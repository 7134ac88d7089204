import 'server-only';
import { hashPassword, insertUser, PersonAlreadyRegisteredError, type User } from '@/lib/accounts';
import type { ConsentClient } from '@/lib/consents';
import { type CheckedTerm, logSignupConsents } from '@/lib/consents';
import { getDb } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { findVerifiedCheck, markUsed } from './checks';
import { refuse } from './refusals';

/** What the visitor agreed to on the signup page (checked: lib/consents/signup.ts). */
export interface SignupAgreements {
  terms: CheckedTerm[];
  client?: ConsentClient;
}

/**
 * Creates the account from this browser's verified identity; the identity is then used up. The
 * signup agreements are logged in the same transaction: no account without its consents.
 */
export async function signUp(
  browserTokenHash: string,
  email: string,
  password: string,
  agreements: SignupAgreements,
): Promise<User> {
  const passwordHash = await hashPassword(password);
  const givenAt = await iamport().serviceNow();
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const check = await findVerifiedCheck(browserTokenHash, tx);
      if (!check?.impUid || !check.name || !check.birthday || !check.gender || !check.uniqueKeyHash) {
        throw refuse('no_verified_identity');
      }
      if (!(await markUsed(check.id, tx))) throw refuse('no_verified_identity');
      const user = await insertUser(
        {
          email,
          passwordHash,
          name: check.name,
          birthday: check.birthday,
          gender: check.gender,
          uniqueKeyHash: check.uniqueKeyHash,
          uniqueInSite: check.uniqueInSite ?? '',
          certifiedAt: check.certifiedAt ?? 0,
        },
        tx,
      );
      await logSignupConsents(tx, user.id, agreements.terms, givenAt, agreements.client);
      return user;
    });
  } catch (error) {
    // Two browsers of one person raced to sign up: the database let exactly one win.
    if (error instanceof PersonAlreadyRegisteredError) throw refuse('person_registered');
    throw error;
  }
}
