import 'server-only';
import { hashPassword } from '@/lib/accounts/password';
import { insertUser, PersonAlreadyRegisteredError, type User } from '@/lib/accounts/users';
import { getDb } from '@/lib/db/client';
import { findVerifiedCheck, markUsed } from './checks';
import { refuse } from './refusals';

/** Creates the account from this browser's verified identity; the identity is then used up. */
export async function signUp(browserTokenHash: string, email: string, password: string): Promise<User> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const check = await findVerifiedCheck(browserTokenHash, tx);
      if (!check?.impUid || !check.name || !check.birthday || !check.gender || !check.uniqueKeyHash) {
        throw refuse('no_verified_identity');
      }
      if (!(await markUsed(check.id, tx))) throw refuse('no_verified_identity');
      return insertUser(
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
    });
  } catch (error) {
    // Two browsers of one person raced to sign up: the database let exactly one win.
    if (error instanceof PersonAlreadyRegisteredError) throw refuse('person_registered');
    throw error;
  }
}
