import 'server-only';
import { isPersonRegistered } from '@/lib/accounts';
import { env } from '@/lib/env';
import type { CertifiedIdentity } from '@/lib/identity/identity';
import { internationalAge, koreanDate } from './age';
import { markVerified } from './checks';
import { refuse } from './refusals';
import { hashUniqueKey } from './unique-key';

// A certification may be stamped a little after our clock estimate of the service's time.
const CLOCK_TOLERANCE_SECONDS = 60;

export interface ServiceIdentity {
  /** Our identity check this browser started. */
  checkId: string;
  /** The check's id at the service (V1 imp_uid, V2 identityVerificationId): never accepted twice. */
  serviceId: string;
  /** The service's clock, UNIX seconds. */
  now: number;
  /** When the service certified the person, its clock; 0 when it does not say. */
  certifiedAt: number;
  name: string | null | undefined;
  birthday: string | null | undefined;
  gender: string | null | undefined;
  uniqueKey: string | null | undefined;
  uniqueInSite: string | null | undefined;
}

/**
 * The rules every certification meets, whichever API certified it: fresh on the service's clock,
 * a whole person (name, birthday, gender, CI and DI), old enough, not a person who already has an
 * account; then recorded on the check, once.
 */
export async function acceptIdentity(found: ServiceIdentity): Promise<CertifiedIdentity> {
  const { now, certifiedAt } = found;
  if (certifiedAt <= 0 || now - certifiedAt > env.CERT_MAX_AGE_SECONDS || certifiedAt - now > CLOCK_TOLERANCE_SECONDS) {
    throw refuse('stale');
  }

  const { name, birthday, gender, uniqueKey, uniqueInSite } = found;
  if (!name || !birthday || !uniqueKey || !uniqueInSite || (gender !== 'male' && gender !== 'female')) {
    throw refuse('not_certified');
  }
  if (internationalAge(birthday, koreanDate(now)) < env.MIN_AGE) throw refuse('under_age');

  const uniqueKeyHash = hashUniqueKey(uniqueKey);
  if (await isPersonRegistered(uniqueKeyHash)) throw refuse('person_registered');

  const stored = await markVerified(found.checkId, {
    impUid: found.serviceId,
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
