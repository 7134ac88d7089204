// The merchant hears of a verification's end: IdentityVerification.Verified or .Failed, signed and
// delivered by the V2 webhook sender (v2/service/events.ts) to the store's webhook URL.
import type { Emulator } from '../../core/emulator';
import type { V2IdentityVerificationRecord } from '../../core/store/v2-identity-records';
import { sendV2Event } from '../service/events';

export function announce(core: Emulator, record: V2IdentityVerificationRecord): void {
  if (record.status === 'READY') return;
  sendV2Event(core, record.merchant_code, {
    type: record.status === 'VERIFIED' ? 'IdentityVerification.Verified' : 'IdentityVerification.Failed',
    data: { storeId: record.store_id, identityVerificationId: record.id },
  });
}
