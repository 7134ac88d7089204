import 'server-only';
import { env } from '@/lib/env';
import { iamport } from '@/lib/iamport';
import { testOverride } from '@/lib/overrides';
import type { PaymentProvider } from './provider';
import type { Api } from './types';
import { createV1Provider } from './v1/adapter';
import { createV2Provider } from './v2/adapter';

// The seam between the shop's domains and the payment service, whichever PortOne API it speaks.
// `provider()` is the API new records are made on (PORTONE_API); `providerFor(record.api)` is the
// one a record was made on — a payment made on V1 is refunded and read through V1 even after the
// shop moved to V2.

declare module '@/lib/overrides' {
  interface TestOverrides {
    /** A V2 provider of the test's own emulator (its V2 listener). */
    providerV2: PaymentProvider;
  }
}

let v2: PaymentProvider | undefined;

/** The provider of `api`, configured from lib/env.ts. */
export function providerFor(api: Api): PaymentProvider {
  // V1 is a thin layer over the one V1 client (lib/iamport), which tests already point at their emulator.
  if (api === 'v1') return createV1Provider(iamport());
  const standIn = testOverride('providerV2');
  if (standIn) return standIn;
  v2 ??= createV2Provider({
    baseUrl: env.PORTONE_V2_API_URL,
    secret: env.PORTONE_V2_API_SECRET,
    storeId: env.PORTONE_STORE_ID,
    cardChannelKey: env.PORTONE_CHANNEL_KEY,
    webhookSecret: env.PORTONE_WEBHOOK_SECRET,
    timeoutMs: env.IMP_TIMEOUT_MS,
  });
  return v2;
}

/** The provider new payments, keys, bookings and identity checks are made on (PORTONE_API). */
export const provider = (): PaymentProvider => providerFor(env.PORTONE_API);

export {
  ProviderApiError,
  ProviderChargeUnknownError,
  ProviderError,
  ProviderNotFoundError,
  ProviderNoticeError,
  ProviderUnavailableError,
} from './errors';
export type {
  Buyer,
  CancelInput,
  CardCredentials,
  ChargeKeyInput,
  NoticeInput,
  PaymentListInput,
  PaymentProvider,
  ScheduleInput,
} from './provider';
export type * from './types';
export { createV1Provider } from './v1/adapter';
export { apiOfRecord, asV1Payment } from './v1-view';
export { createV2Provider, type V2Options } from './v2/adapter';
export { v2ScriptUrl, v2Window } from './v2-window';
