import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, emailChanges, passwordResets } from '@/lib/db';
import { env } from '@/lib/env';

/**
 * A link mailed to one person that works once, until it expires: a password reset, an email
 * change. The token (32 random bytes) travels only in the mail; its table keeps the SHA-256 hash,
 * the expiry and when the link was used. What a link stores besides and what opening it does stays
 * with its flow.
 */
export type LinkTable = typeof passwordResets | typeof emailChanges;
type Row<T extends LinkTable> = T['$inferSelect'];
/** The flow's own columns: what the link is for. */
type Fields<T extends LinkTable> = Omit<T['$inferInsert'], 'id' | 'tokenHash' | 'expiresAt' | 'createdAt'>;
type Executor = Pick<Db, 'insert' | 'update'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token as it arrives from a link (43 base64url characters), refused with the flow's words. */
export const linkToken = (message: string) => z.string().regex(/^[\w-]{43}$/, message);

/** Stores a new link valid for `validMs`; answers its row and the URL of `page` carrying the token. */
export async function issueLink<T extends LinkTable>(
  tx: Executor,
  table: T,
  fields: Fields<T>,
  { page, validMs }: { page: string; validMs: number },
): Promise<{ row: Row<T>; url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + validMs);
  // Drizzle types the statement for the union of link tables; the row is T's.
  const links: LinkTable = table;
  const [row] = (await tx
    .insert(links)
    .values({ ...fields, tokenHash: hashOf(token), expiresAt })
    .returning()) as Row<T>[];
  if (!row) throw new Error(`${page} link not stored`);
  const url = new URL(`${page}?token=${token}`, env.APP_URL).toString();
  return { row, url, expiresAt };
}

/**
 * Claims the link of `token`: unused, not expired, in one conditional update, so of two claims at
 * once only one gets the row. Undefined for a wrong, used or expired token (they are not told apart).
 */
export async function claimLink<T extends LinkTable>(
  tx: Executor,
  table: T,
  token: string,
): Promise<Row<T> | undefined> {
  const links: LinkTable = table;
  const [claimed] = await tx
    .update(links)
    .set({ usedAt: new Date() })
    .where(and(eq(links.tokenHash, hashOf(token)), isNull(links.usedAt), gt(links.expiresAt, new Date())))
    .returning();
  return claimed as Row<T> | undefined;
}

/** Voids every link of `table` the user has not used yet (a newer one replaces them, or they must not work). */
export async function voidOpenLinks(tx: Executor, table: LinkTable, userId: string): Promise<void> {
  await tx
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}
