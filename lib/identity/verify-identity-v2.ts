import 'server-only';
import type { CertifiedIdentity } from '@/lib/identity/identity';
import { providerFor } from '@/lib/provider';
import { acceptIdentity } from './accept-identity';
import { findCheckByMerchantUid, isImpUidUsed } from './checks';
import { refuse } from './refusals';

/**
 * Accepts a V2 identity verification only on the service's own record. Its id is one we minted for
 * this browser (POST /api/identity/checks), so a check started elsewhere with our public store id
 * names an id we never issued, or another browser's: V2 has no page origin to check, and needs none.
 * Then the same rules as V1 (acceptIdentity). The browser only tells us which id to look at.
 */
export async function verifyIdentityV2(id: string, browserTokenHash: string): Promise<CertifiedIdentity> {
  const check = await findCheckByMerchantUid(id);
  if (check?.api !== 'v2' || check.browserTokenHash !== browserTokenHash) throw refuse('foreign_check');
  if (check.status !== 'issued' || (await isImpUidUsed(id))) throw refuse('replayed');

  const service = providerFor('v2');
  const record = await service.readIdentityCheck(id);
  if (record.outcome === 'not_found') throw refuse('not_found');
  if (record.outcome !== 'verified') throw refuse('not_certified');
  const { identity } = record;
  return acceptIdentity({
    checkId: check.id,
    serviceId: id,
    // A fresh reading: V2's clock is estimated from a login's Date header only, so a jump of the
    // service's clock (the emulator's, moved by a test or the dashboard) would otherwise go unseen
    // for minutes, and a verification made after it refused as from the future.
    now: await service.serviceNow({ fresh: true }),
    certifiedAt: identity.verifiedAt,
    name: identity.name,
    birthday: identity.birthday,
    gender: identity.gender,
    uniqueKey: identity.uniqueKey,
    uniqueInSite: identity.uniqueInSite,
  });
}
