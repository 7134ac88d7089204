// The shop on PortOne V2 in server tests: PORTONE_API=v2 for a file (or a block), and the V2
// windows completed as the emulator's hosted V2 pages complete them (its in-process window
// service: emulator/v2/service/windows.ts), the browser's part of the flow.
import { afterAll, beforeAll } from 'vitest';
import { issueBillingKeyInWindow, payInWindow, type WindowMeans } from '@/emulator/v2/service/windows';
import type { RegistrationAnswer } from '@/lib/cards/card-view';
import { env } from '@/lib/env';
import { type Api, providerFor } from '@/lib/provider';
import { TEST_CARDS, type TestCard, type TestEmulator } from '@/test/emulator/kit';
import { CARD_CONSENT, type Customer } from './cards';

/** PORTONE_API as `api` for the file (as a shop's setting), restored after it. */
export function onApi(api: Api): void {
  const configured = env.PORTONE_API;
  beforeAll(() => {
    env.PORTONE_API = api;
  });
  afterAll(() => {
    env.PORTONE_API = configured;
  });
}

/** `work` with PORTONE_API as `api`, then as it was. */
export async function withApi<T>(api: Api, work: () => Promise<T>): Promise<T> {
  const configured = env.PORTONE_API;
  env.PORTONE_API = api;
  try {
    return await work();
  } finally {
    env.PORTONE_API = configured;
  }
}

export const cardMeans = (card: TestCard = 'approved'): WindowMeans => ({
  card: { number: TEST_CARDS[card], expiryYear: '99', expiryMonth: '12' },
});

type V2Registration = Extract<RegistrationAnswer, { api: 'v2' }>;

export function asV2Registration(answer: RegistrationAnswer): V2Registration {
  if (answer.api !== 'v2') throw new Error(`expected a V2 registration, got ${answer.api}`);
  return answer;
}

/** The billing-key window completed for `registration` (PortOne.requestIssueBillingKey): the key it reports. */
export function issueInV2Window(
  emulator: TestEmulator,
  registration: V2Registration,
  means: WindowMeans = cardMeans(),
) {
  const result = issueBillingKeyInWindow(emulator.core, emulator.merchant.code, {
    channelKey: registration.channelKey,
    customer: { id: registration.customer.customerId },
    means,
  });
  if (result.status !== 'ISSUED') throw new Error(`the window refused: ${result.pgMessage}`);
  return result.billingKey.billing_key;
}

/** Start → V2 window → verify: a card (or KakaoPay, with a phone) registered on V2. */
export async function registerOnV2(customer: Customer, emulator: TestEmulator, means: WindowMeans = cardMeans()) {
  const method = 'phone' in means ? 'kakaopay' : 'card';
  const registration = asV2Registration(await customer.startWindow({ consent: CARD_CONSENT, method }));
  const billingKey = issueInV2Window(emulator, registration, means);
  const response = await customer.verify({ customer_uid: registration.customerUid, billingKey });
  return { registration, billingKey, response };
}

/** The V2 payment window paid `paymentId` (PortOne.requestPayment with a card or a wallet). */
export function payInV2Window(
  emulator: TestEmulator,
  input: { channelKey: string; paymentId: string; orderName: string; totalAmount: number },
  means: WindowMeans = cardMeans(),
) {
  return payInWindow(emulator.core, emulator.merchant.code, {
    channelKey: input.channelKey,
    request: { paymentId: input.paymentId, orderName: input.orderName, total: input.totalAmount, currency: 'KRW' },
    means,
  });
}

/** Whether V2 still holds `key` (a deleted or unknown key reads as not held). */
export const v2KeyHeld = (key: string) =>
  providerFor('v2')
    .readKey(key)
    .then(
      () => true,
      () => false,
    );
