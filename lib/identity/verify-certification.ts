import 'server-only';
import { IamportNotFoundError, iamport } from '@/lib/iamport';
import type { CertifiedIdentity } from '@/lib/identity/identity';
import { acceptIdentity } from './accept-identity';
import { findCheckByMerchantUid, isImpUidUsed } from './checks';
import { refuse } from './refusals';

const originOf = (page: string | null) => {
  try {
    return page ? new URL(page).origin : '';
  } catch {
    return '';
  }
};

/**
 * Accepts a certification only on the service's own record: certified, started on one of our own
 * pages (`allowedOrigins`: a page elsewhere can run IMP.certification with our public merchant code
 * and a merchant_uid obtained from us — phishing a victim's identity), by this browser with a
 * merchant_uid we issued, fresh, never used before, old enough, and not a person who already has an
 * account. The browser only tells us which imp_uid to look at.
 */
export async function verifyCertification(
  impUid: string,
  browserTokenHash: string,
  allowedOrigins: readonly string[],
): Promise<CertifiedIdentity> {
  const client = iamport();
  let record: Awaited<ReturnType<typeof client.certifications.get>>;
  try {
    record = await client.certifications.get({ imp_uid: impUid });
  } catch (error) {
    // Any other failure of the service is the route wrapper's 503.
    if (error instanceof IamportNotFoundError) throw refuse('not_found');
    throw error;
  }
  if (record.certified !== true) throw refuse('not_certified');
  if (!allowedOrigins.includes(originOf(record.origin))) throw refuse('foreign_origin');

  const check = record.merchant_uid ? await findCheckByMerchantUid(record.merchant_uid) : undefined;
  if (check?.api !== 'v1' || check.browserTokenHash !== browserTokenHash) throw refuse('foreign_check');
  if (check.status !== 'issued' || (await isImpUidUsed(impUid))) throw refuse('replayed');

  return acceptIdentity({
    checkId: check.id,
    serviceId: impUid,
    now: await client.serviceNow(),
    certifiedAt: record.certified_at ?? 0,
    name: record.name,
    birthday: record.birthday,
    gender: record.gender,
    uniqueKey: record.unique_key,
    uniqueInSite: record.unique_in_site,
  });
}
