import 'server-only';
import { isPersonRegistered } from '@/lib/accounts';
import { env } from '@/lib/env';
import { IamportNotFoundError, iamport } from '@/lib/iamport';
import type { CertifiedIdentity } from '@/lib/identity/identity';
import { internationalAge, koreanDate } from './age';
import { findCheckByMerchantUid, isImpUidUsed, markVerified } from './checks';
import { refuse } from './refusals';
import { hashUniqueKey } from './unique-key';

const originOf = (page: string | null) => {
  try {
    return page ? new URL(page).origin : '';
  } catch {
    return '';
  }
};

// A certification may be stamped a little after our clock estimate of the service's time.
const CLOCK_TOLERANCE_SECONDS = 60;

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
  if (!check || check.browserTokenHash !== browserTokenHash) throw refuse('foreign_check');
  if (check.status !== 'issued' || (await isImpUidUsed(impUid))) throw refuse('replayed');

  const now = await client.serviceNow();
  const certifiedAt = record.certified_at ?? 0;
  if (certifiedAt <= 0 || now - certifiedAt > env.CERT_MAX_AGE_SECONDS || certifiedAt - now > CLOCK_TOLERANCE_SECONDS) {
    throw refuse('stale');
  }

  const { name, birthday, gender, unique_key: uniqueKey, unique_in_site: uniqueInSite } = record;
  if (!name || !birthday || !uniqueKey || !uniqueInSite || (gender !== 'male' && gender !== 'female')) {
    throw refuse('not_certified');
  }
  if (internationalAge(birthday, koreanDate(now)) < env.MIN_AGE) throw refuse('under_age');

  const uniqueKeyHash = hashUniqueKey(uniqueKey);
  if (await isPersonRegistered(uniqueKeyHash)) throw refuse('person_registered');

  const stored = await markVerified(check.id, {
    impUid,
    name,
    birthday,
    gender,
    uniqueKeyHash,
    uniqueInSite,
    certifiedAt,
  });
  if (!stored) throw refuse('replayed');
  return { name, birthday, gender };
}
