import 'server-only';
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { consents, type Db, getDb } from '@/lib/db';
import type { ConsentEntry, OperatorConsentEntry } from './shared/entries';

// The consent log's only door: rows are inserted and read, never updated or deleted (a database
// trigger refuses both, so no other code path can either).

export type Consent = typeof consents.$inferSelect;
export type ConsentKind = Consent['kind'];

/** Where a consent was given from, as the request said. */
export interface ConsentClient {
  ip?: string;
  userAgent?: string;
}

export interface NewConsent {
  userId: string;
  kind: ConsentKind;
  agreed?: boolean;
  termsVersion: string;
  /** SHA-256 (hex) of the exact text the server rendered (sha256(text)): never the browser's word. */
  textSha256: string;
  amount?: number;
  cycle?: string;
  subjectId?: string;
  /** Service clock, UNIX seconds. */
  givenAt: number;
  client?: ConsentClient;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Executor = Pick<Db, 'insert'>;

export async function recordConsent(entry: NewConsent, executor?: Executor): Promise<Consent> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .insert(consents)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      agreed: entry.agreed ?? true,
      termsVersion: entry.termsVersion,
      textSha256: entry.textSha256,
      amount: entry.amount,
      cycle: entry.cycle,
      subjectId: entry.subjectId,
      givenAt: entry.givenAt,
      ip: entry.client?.ip?.slice(0, 64),
      userAgent: entry.client?.userAgent?.slice(0, 400),
    })
    .returning();
  if (!row) throw new Error('consent not recorded');
  return row;
}

/** The user's consents, newest first. */
export async function listConsents(userId: string): Promise<Consent[]> {
  const db = await getDb();
  return db.query.consents.findMany({
    where: eq(consents.userId, userId),
    orderBy: [desc(consents.givenAt), desc(consents.createdAt)],
  });
}

/** The user's consents as the account page shows them (no fingerprints). */
export async function consentEntries(userId: string): Promise<ConsentEntry[]> {
  return (await listConsents(userId)).map(({ id, kind, agreed, termsVersion, amount, cycle, givenAt }) => ({
    id,
    kind,
    agreed,
    termsVersion,
    amount,
    cycle,
    givenAt,
  }));
}

/** The user's consents as the operator console shows them: with the SHA-256 of each text. */
export async function operatorConsentEntries(userId: string): Promise<OperatorConsentEntry[]> {
  return (await listConsents(userId)).map(({ id, kind, agreed, termsVersion, textSha256, amount, cycle, givenAt }) => ({
    id,
    kind,
    agreed,
    termsVersion,
    textSha256,
    amount,
    cycle,
    givenAt,
  }));
}
