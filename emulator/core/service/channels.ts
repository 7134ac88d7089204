// Test channels (a change of the real service from 2026-01-26): a merchant's channels — its `pg`
// values — are live or test. Payments and billing keys made through a test channel carry
// `sandbox: true`; a charge of a billing key inherits the key's. Reads of payments (by imp_uid, by
// order number, lists) leave sandbox payments out unless the request says `include_sandbox=true`.
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import type { Pg } from '../wire/order';

/** Whether this channel of the merchant is a test channel (`provider` covers all its stores). */
export function isTestChannel(core: Emulator, merchantCode: string, pg: Pg): boolean {
  const channels = core.merchant(merchantCode)?.test_channels ?? [];
  return channels.includes(pg.pg_provider) || channels.includes(`${pg.pg_provider}.${pg.pg_id}`);
}

/** Whether a read shows this payment: a sandbox one only when include_sandbox was asked for. */
export const visible = (payment: PaymentRecord, includeSandbox: boolean): boolean =>
  includeSandbox || payment.sandbox !== true;
