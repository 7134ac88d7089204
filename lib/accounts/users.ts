import 'server-only';
import type { Db } from '@/lib/db';
import { violatedUniqueConstraint } from '@/lib/db';
import { findUserRow, findUserRowByEmail, hasUserWithUniqueKey, insertUserRow, type UserRow } from './repository';

export type { UserRow };
/** An account in use (not withdrawn): its identity and password are all there. */
export type User = UserRow & {
  passwordHash: string;
  name: string;
  birthday: string;
  gender: 'male' | 'female';
  uniqueKeyHash: string;
  uniqueInSite: string;
  deletedAt: null;
};
export type NewUser = Omit<User, 'id' | 'createdAt' | 'deletedAt'>;

/** The row as an account in use, or undefined once withdrawn (a withdrawn account has no identity). */
export function activeUser(row: UserRow | undefined): User | undefined {
  if (!row || row.deletedAt !== null || row.passwordHash === null) return undefined;
  const { name, birthday, gender, uniqueKeyHash, uniqueInSite } = row;
  if (name === null || birthday === null || gender === null || uniqueKeyHash === null || uniqueInSite === null) {
    return undefined;
  }
  return row as User;
}

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export class PersonAlreadyRegisteredError extends Error {
  override name = 'PersonAlreadyRegisteredError';
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Inserts a user; the database's unique rules decide races between two signups. */
export async function insertUser(input: NewUser, executor?: Db): Promise<User> {
  try {
    const inserted = activeUser(await insertUserRow({ ...input, email: normaliseEmail(input.email) }, executor));
    if (!inserted) throw new Error('insert returned no account');
    return inserted;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'users_email_unique') throw new EmailTakenError('that email address already has an account');
    if (constraint === 'users_unique_key_hash_unique') throw new PersonAlreadyRegisteredError('person has an account');
    throw error;
  }
}

export async function findUserById(id: string): Promise<User | undefined> {
  return activeUser(await findUserRow(id));
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  return activeUser(await findUserRowByEmail(normaliseEmail(email)));
}

export async function isPersonRegistered(uniqueKeyHash: string): Promise<boolean> {
  return hasUserWithUniqueKey(uniqueKeyHash);
}
