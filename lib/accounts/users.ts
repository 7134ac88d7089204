import 'server-only';
import { eq } from 'drizzle-orm';
import { type Db, getDb } from '@/lib/db/client';
import { violatedUniqueConstraint } from '@/lib/db/errors';
import { users } from '@/lib/db/schema';

export type User = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt'>;

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

export class PersonAlreadyRegisteredError extends Error {
  override name = 'PersonAlreadyRegisteredError';
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Inserts a user; the database's unique rules decide races between two signups. */
export async function insertUser(input: NewUser, db: Db | Promise<Db> = getDb()): Promise<User> {
  try {
    const [user] = await (await db)
      .insert(users)
      .values({ ...input, email: normaliseEmail(input.email) })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'users_email_unique') throw new EmailTakenError('that email address already has an account');
    if (constraint === 'users_unique_key_hash_unique') throw new PersonAlreadyRegisteredError('person has an account');
    throw error;
  }
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  return db.query.users.findFirst({ where: eq(users.email, normaliseEmail(email)) });
}

export async function isPersonRegistered(uniqueKeyHash: string): Promise<boolean> {
  const db = await getDb();
  const found = await db.query.users.findFirst({
    columns: { id: true },
    where: eq(users.uniqueKeyHash, uniqueKeyHash),
  });
  return Boolean(found);
}
