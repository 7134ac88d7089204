// Deleting a billing key (DELETE /subscribe/customers/{customer_uid}) revokes its pending schedules
// first, so nothing is charged afterwards. It sits above billing-keys.ts and schedules.ts (booking
// a schedule may issue a key), so neither of those imports the other back.
import type { Emulator } from '../emulator';
import type { BillingKeyRecord } from '../store/records';
import { scoped } from '../store/store';
import { getBillingKey } from './billing-keys';
import { revokeSchedules } from './schedules';

/** Deletes the key; its pending schedules are revoked so nothing is charged afterwards. */
export function deleteBillingKey(core: Emulator, merchantCode: string, customerUid: string): BillingKeyRecord {
  const key = getBillingKey(core, merchantCode, customerUid);
  revokeSchedules(core, merchantCode, customerUid, null);
  core.store.billingKeys.delete(scoped(merchantCode, customerUid));
  return key;
}
