import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { type Db, getDb, identityChecks } from '@/lib/db';
import type { Api } from '@/lib/provider';

export type IdentityCheck = typeof identityChecks.$inferSelect;
export type VerifiedIdentity = Pick<
  IdentityCheck,
  'impUid' | 'name' | 'birthday' | 'gender' | 'uniqueKeyHash' | 'uniqueInSite' | 'certifiedAt'
>;

/** A verified identity must be turned into an account within this time (app clock). */
export const VERIFIED_CHECK_TTL_MS = 60 * 60 * 1000;

/**
 * Unguessable and within the service's 40-character merchant_uid limit; on V2 it is the
 * identityVerificationId itself (the merchant names V2's checks).
 */
const mintMerchantUid = () => `cert_${randomBytes(12).toString('base64url')}`;

export async function issueCheck(browserTokenHash: string, api: Api = 'v1'): Promise<IdentityCheck> {
  const db = await getDb();
  const [check] = await db
    .insert(identityChecks)
    .values({ merchantUid: mintMerchantUid(), browserTokenHash, api })
    .returning();
  if (!check) throw new Error('insert returned no row');
  return check;
}

export async function findCheckByMerchantUid(merchantUid: string): Promise<IdentityCheck | undefined> {
  const db = await getDb();
  return db.query.identityChecks.findFirst({ where: eq(identityChecks.merchantUid, merchantUid) });
}

export async function isImpUidUsed(impUid: string): Promise<boolean> {
  const db = await getDb();
  return Boolean(
    await db.query.identityChecks.findFirst({ columns: { id: true }, where: eq(identityChecks.impUid, impUid) }),
  );
}

/** Records the verified result; false when the check was already verified (a concurrent replay lost). */
export async function markVerified(checkId: string, identity: VerifiedIdentity): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .update(identityChecks)
    .set({ ...identity, status: 'verified' })
    .where(and(eq(identityChecks.id, checkId), eq(identityChecks.status, 'issued')))
    .returning({ id: identityChecks.id });
  return updated.length === 1;
}

/** This browser's latest verified, unused identity that is still fresh enough to sign up with. */
export async function findVerifiedCheck(browserTokenHash: string, db?: Db): Promise<IdentityCheck | undefined> {
  const conn = db ?? (await getDb());
  return conn.query.identityChecks.findFirst({
    where: and(
      eq(identityChecks.browserTokenHash, browserTokenHash),
      eq(identityChecks.status, 'verified'),
      gt(identityChecks.createdAt, new Date(Date.now() - VERIFIED_CHECK_TTL_MS)),
    ),
    orderBy: desc(identityChecks.createdAt),
  });
}

/**
 * Once the account holds the identity, the check keeps only what refuses a replay (imp_uid and
 * status): the personal fields are not kept twice.
 */
export async function markUsed(checkId: string, db: Db): Promise<boolean> {
  const updated = await db
    .update(identityChecks)
    .set({
      status: 'used',
      name: null,
      birthday: null,
      gender: null,
      uniqueKeyHash: null,
      uniqueInSite: null,
      certifiedAt: null,
    })
    .where(and(eq(identityChecks.id, checkId), eq(identityChecks.status, 'verified')))
    .returning({ id: identityChecks.id });
  return updated.length === 1;
}
