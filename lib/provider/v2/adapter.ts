import 'server-only';
import { PortOneClient } from '@portone/server-sdk';
import { fitBuyer } from '../buyer';
import {
  ProviderApiError,
  ProviderChargeUnknownError,
  ProviderNotFoundError,
  ProviderUnavailableError,
} from '../errors';
import { checkoutOf, outcomeOf } from '../outcomes';
import type { Buyer, PaymentProvider } from '../provider';
import type { BookedCharge, ChargeResult, ProviderPayment, ScheduledCharge } from '../types';
import { createV2Clock } from './clock';
import { fromSdk, neverSent, serviceMessage, serviceType, v2, within } from './errors';
import { readNotice } from './notice';
import { fromIdentityVerification, fromKey, fromPayment, seconds } from './records';
import { verifySignature } from './signature';

export interface V2Options {
  /** e.g. https://api.portone.io, or the emulator's V2 listener. */
  baseUrl: string;
  secret: string;
  storeId: string;
  /** The channel card keys are issued on (key-in registration). */
  cardChannelKey: string;
  /** `whsec_…`: notices must be signed with it. */
  webhookSecret: string;
  /** Per call; default 10 s. */
  timeoutMs?: number;
}

/** Each refusal the service answers a charge with proves nothing was charged by that call. */
const CHARGE_REFUSALS = new Set([
  'ALREADY_PAID',
  'BILLING_KEY_NOT_FOUND',
  'BILLING_KEY_ALREADY_DELETED',
  'CHANNEL_NOT_FOUND',
  'DISCOUNT_AMOUNT_EXCEEDS_TOTAL_AMOUNT',
  'FORBIDDEN',
  'INVALID_REQUEST',
  'MAX_TRANSACTION_COUNT_REACHED',
  'PAYMENT_SCHEDULE_ALREADY_EXISTS',
  'PROMOTION_PAY_METHOD_DOES_NOT_MATCH',
  'SUM_OF_PARTS_EXCEEDS_TOTAL_AMOUNT',
]);
const CANCEL_REFUSALS: Record<string, 'stale_balance' | 'already_cancelled' | 'not_paid' | 'other'> = {
  CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN: 'stale_balance',
  CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT: 'stale_balance',
  PAYMENT_ALREADY_CANCELLED: 'already_cancelled',
  PAYMENT_NOT_PAID: 'not_paid',
  PG_PROVIDER: 'other',
};
const UNREVOCABLE = new Set([
  'PAYMENT_SCHEDULE_ALREADY_PROCESSED',
  'PAYMENT_SCHEDULE_ALREADY_REVOKED',
  'PAYMENT_SCHEDULE_NOT_FOUND',
]);

/** The V2 statuses of a listing's: refunded in part is still paid (as V1 keeps it). */
const LISTED_STATUSES = { paid: ['PAID', 'PARTIAL_CANCELLED'], cancelled: ['CANCELLED'] } as const;
/** Records per page of a listing (the service's largest). */
const LIST_PAGE_SIZE = 1000;
const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString();
/** How far back a booking lost with its answer is looked for (the service's own default range). */
const LOOKBACK_SECONDS = 90 * 86_400;

const customerOf = (buyer: Buyer | undefined, id?: string) => {
  const { name, email } = fitBuyer(buyer);
  return { id, name: name === undefined ? undefined : { full: name }, email };
};

// V2 (PortOne) behind the seam, on its own server SDK pointed at the configured URL: the merchant
// names each payment (paymentId = our order id), the service issues billing keys, and notices are
// signed (Standard Webhooks) before the payment they name is read back.
export function createV2Provider(options: V2Options): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sdk = PortOneClient({ secret: options.secret, baseUrl: options.baseUrl, storeId: options.storeId });
  const clock = createV2Clock({ baseUrl: options.baseUrl, secret: options.secret, timeoutMs });
  const call = <T>(run: () => Promise<T>) => v2(timeoutMs, run);

  const readPayment = (id: string) => call(async () => fromPayment(await sdk.payment.getPayment({ paymentId: id })));

  const readKey = (key: string) =>
    call(async () => {
      const found = fromKey(await sdk.payment.billingKey.getBillingKeyInfo({ billingKey: key }));
      if (!found) throw new ProviderNotFoundError('v2', 404, 'BILLING_KEY_NOT_ISSUED', 'the key is deleted');
      return found;
    });

  /** Every item of a paged listing, one call (and one deadline) per page. */
  async function everyPage<T>(
    ask: (page: { number: number; size: number }) => Promise<{ items: T[]; page: { totalCount: number } }>,
  ) {
    const all: T[] = [];
    for (let number = 0; ; number += 1) {
      const { items, page } = await call(() => ask({ number, size: LIST_PAGE_SIZE }));
      all.push(...items);
      if (items.length === 0 || (number + 1) * LIST_PAGE_SIZE >= page.totalCount) return all;
    }
  }

  /**
   * The booking still waiting under `orderId` on `key`, among those due by `at` (an earlier attempt
   * of the same charge was due no later: a booking's time only moves forward to the service's now).
   */
  async function waitingBooking(key: string, orderId: string, at: number): Promise<BookedCharge | undefined> {
    const filter = {
      billingKey: key,
      status: ['SCHEDULED' as const],
      from: new Date((at - LOOKBACK_SECONDS) * 1000).toISOString(),
      until: new Date((at + 1) * 1000).toISOString(),
    };
    for (let page = 0; page < 10; page++) {
      const { items, page: shown } = await sdk.payment.paymentSchedule.getPaymentSchedules({
        filter,
        page: { number: page, size: 100 },
      });
      const found = items.find((item) => 'paymentId' in item && item.paymentId === orderId) as
        | { id: string; timeToPay: string }
        | undefined;
      if (found) return { scheduleId: found.id, orderId, at: seconds(found.timeToPay) ?? at };
      if ((page + 1) * shown.size >= shown.totalCount) return undefined;
    }
    return undefined;
  }

  /** After a charge was answered: the record, or an unknown outcome when it cannot be read now. */
  async function recordOfCharge(orderId: string): Promise<ProviderPayment> {
    try {
      return await readPayment(orderId);
    } catch (error) {
      throw new ProviderChargeUnknownError('v2', orderId, { cause: error });
    }
  }

  return {
    api: 'v2',

    serviceNow: (options) => clock.now(options),

    readIdentityCheck: (id) =>
      call(async () => {
        try {
          return fromIdentityVerification(
            await sdk.identityVerification.getIdentityVerification({ identityVerificationId: id }),
          );
        } catch (error) {
          if (serviceType(error) === 'IDENTITY_VERIFICATION_NOT_FOUND') return { outcome: 'not_found', id };
          throw error;
        }
      }),

    async registerCard({ reference, card, buyer }) {
      const [year = '', month = ''] = card.expiry.split('-');
      let billingKey: string;
      try {
        const issued = await call(() =>
          sdk.payment.billingKey.issueBillingKey({
            channelKey: options.cardChannelKey,
            method: {
              card: {
                credential: {
                  number: card.number.replace(/\D/g, ''),
                  expiryYear: year.slice(-2),
                  expiryMonth: month,
                  birthOrBusinessRegistrationNumber: card.birth,
                  passwordTwoDigits: card.pwd2digit,
                },
              },
            },
            customer: customerOf(buyer, reference),
          }),
        );
        billingKey = issued.billingKeyInfo.billingKey;
      } catch (error) {
        // Refused by the card company (or by each channel asked): no key, nothing kept.
        if (error instanceof ProviderApiError && (error.code === 'PG_PROVIDER' || error.code === 'CHANNEL_SPECIFIC')) {
          return { outcome: 'refused', message: error.serviceMessage ?? '카드 등록이 거절되었습니다.' };
        }
        throw error;
      }
      return { outcome: 'issued', key: await readKey(billingKey) };
    },

    readKey,

    deleteKey: (key) =>
      call(async () => {
        try {
          await sdk.payment.billingKey.deleteBillingKey({ billingKey: key });
        } catch (error) {
          const type = serviceType(error);
          if (type !== 'BILLING_KEY_NOT_FOUND' && type !== 'BILLING_KEY_ALREADY_DELETED') throw error;
        }
      }),

    // By customer id: a key whose issuance answer was lost is known here only by the id we gave.
    async listKeys({ customerId }) {
      const infos = await everyPage((page) =>
        sdk.payment.billingKey.getBillingKeyInfos({
          page,
          filter: { storeId: options.storeId, customerId, status: ['ISSUED'], version: 'V2' },
        }),
      );
      return infos.flatMap((info) => fromKey(info) ?? []);
    },

    async chargeKey(input): Promise<ChargeResult> {
      try {
        await within(timeoutMs, () =>
          sdk.payment.payWithBillingKey({
            paymentId: input.orderId,
            billingKey: input.key,
            orderName: input.orderName,
            customer: customerOf(input.buyer),
            amount: { total: input.amount },
            currency: 'KRW',
          }),
        );
      } catch (error) {
        const type = serviceType(error);
        if (type === 'PG_PROVIDER') {
          // Declined by the issuer: the service keeps the attempt as a FAILED payment under our id.
          const payment = await readPayment(input.orderId).catch(() => null);
          if (payment?.status === 'failed') return { outcome: 'declined', payment, reason: payment.failReason ?? '' };
          return { outcome: 'rejected', message: serviceMessage(error) ?? '결제가 거절되었습니다.' };
        }
        if (type !== null && CHARGE_REFUSALS.has(type)) {
          return { outcome: 'rejected', message: serviceMessage(error) ?? type };
        }
        // Refused credentials and a request that never left charged nothing; anything else may have.
        if (type === 'UNAUTHORIZED' || neverSent(error)) throw fromSdk(error);
        throw new ProviderChargeUnknownError('v2', input.orderId, { cause: error });
      }
      const payment = await recordOfCharge(input.orderId);
      if (payment.status !== 'paid' || payment.amount !== input.amount) {
        throw new ProviderChargeUnknownError('v2', input.orderId, {
          cause: new ProviderUnavailableError('v2', `answered paid, recorded ${payment.status} ${payment.amount}`),
        });
      }
      return { outcome: 'paid', payment };
    },

    async resolveCharge(orderId) {
      try {
        return outcomeOf(await readPayment(orderId));
      } catch (error) {
        if (error instanceof ProviderNotFoundError) return { outcome: 'not_found', orderId };
        throw error;
      }
    },

    readPayment,

    // By status change in the window, oldest first, so payments arriving meanwhile land on later pages.
    async listPayments({ status, from, to }) {
      const payments = await everyPage((page) =>
        sdk.payment.getPayments({
          page,
          filter: {
            storeId: options.storeId,
            version: 'V2',
            timestampType: 'STATUS_CHANGED_AT',
            from: rfc3339(from),
            until: rfc3339(to + 1),
            status: [...LISTED_STATUSES[status]],
            sortBy: 'STATUS_CHANGED_AT',
            sortOrder: 'ASC',
          },
        }),
      );
      // A payment whose status changed between two pages may be listed twice: once each.
      const found = new Map(payments.map(fromPayment).map((payment) => [payment.id, payment]));
      return [...found.values()];
    },

    async cancel({ id, amount, cancellableAmount, reason }) {
      let status: string;
      try {
        const { cancellation } = await call(() =>
          sdk.payment.cancelPayment({ paymentId: id, amount, reason, currentCancellableAmount: cancellableAmount }),
        );
        status = String(cancellation.status);
      } catch (error) {
        const refusal = error instanceof ProviderApiError ? CANCEL_REFUSALS[error.code ?? ''] : undefined;
        if (!refusal) throw error;
        return { outcome: 'refused', reason: refusal, message: (error as ProviderApiError).serviceMessage ?? refusal };
      }
      if (status === 'FAILED') return { outcome: 'refused', reason: 'other', message: 'the service failed the refund' };
      // REQUESTED: the refund is under way at the service; its record will say when it is made.
      if (status !== 'SUCCEEDED') throw new ProviderUnavailableError('v2', `the refund is ${status} at the service`);
      return { outcome: 'refunded', payment: await readPayment(id) };
    },

    schedule: (input) =>
      call(async () => {
        try {
          const { schedule } = await sdk.payment.paymentSchedule.createPaymentSchedule({
            paymentId: input.orderId,
            payment: {
              billingKey: input.key,
              orderName: input.orderName,
              customer: customerOf(input.buyer),
              amount: { total: input.amount },
              currency: 'KRW',
            },
            timeToPay: new Date(input.at * 1000).toISOString(),
          });
          return { scheduleId: schedule.id, orderId: input.orderId, at: input.at };
        } catch (error) {
          // An earlier attempt booked this paymentId with only its answer lost: read that booking back
          // (its schedule id is the service's, so it is found among the key's waiting bookings).
          if (serviceType(error) !== 'PAYMENT_SCHEDULE_ALREADY_EXISTS') throw error;
          const booked = await waitingBooking(input.key, input.orderId, input.at);
          if (!booked) throw error;
          return booked;
        }
      }),

    revokeSchedule: ({ scheduleId }) =>
      call(async () => {
        try {
          const { revokedScheduleIds } = await sdk.payment.paymentSchedule.revokePaymentSchedules({
            scheduleIds: [scheduleId],
          });
          return revokedScheduleIds.includes(scheduleId);
        } catch (error) {
          if (UNREVOCABLE.has(serviceType(error) ?? '')) return false;
          throw error;
        }
      }),

    readSchedule: (scheduleId) =>
      call(async (): Promise<ScheduledCharge> => {
        const schedule = await sdk.payment.paymentSchedule.getPaymentSchedule({ paymentScheduleId: scheduleId });
        const status = String(schedule.status);
        if (status === 'REVOKED') return { outcome: 'revoked', scheduleId };
        if (status !== 'SUCCEEDED' && status !== 'FAILED') return { outcome: 'scheduled', scheduleId };
        const paymentId = (schedule as { paymentId: string }).paymentId;
        try {
          return { ...outcomeOf(fromPayment(await sdk.payment.getPayment({ paymentId }))), scheduleId };
        } catch (error) {
          if (serviceType(error) !== 'PAYMENT_NOT_FOUND') throw error;
          return { outcome: 'rejected', scheduleId, message: '결제 내역을 조회할 수 없는 결제입니다.' };
        }
      }),

    prepareCheckout: ({ orderId, amount }) =>
      call(async () => {
        await sdk.payment.preRegisterPayment({ paymentId: orderId, totalAmount: amount, currency: 'KRW' });
      }),

    verifyCheckout: async ({ id, orderId, amount }) => checkoutOf(await readPayment(id), orderId, amount),

    async receiveNotice({ body, headers }) {
      await verifySignature(options.webhookSecret, body, headers, clock.now);
      return readNotice(body, readPayment);
    },
  };
}
