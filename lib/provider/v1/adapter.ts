import 'server-only';
import { IamportApiError, IamportAuthenticationError, type IamportClient, IamportNotFoundError } from '@/lib/iamport';
import { fitBuyer } from '../buyer';
import { checkoutOf, outcomeOf } from '../outcomes';
import type { PaymentProvider } from '../provider';
import type { ScheduledCharge } from '../types';
import { v1 } from './errors';
import { fromIamportNotice } from './notice';
import { fromCertification, fromKey, fromPayment } from './records';

// V1 (iamport) behind the seam: each operation is one call of the existing client (lib/iamport),
// its record mapped to the app's types and its errors to the seam's.

const buyerFields = (buyer: Parameters<typeof fitBuyer>[0]) => {
  const { name, email } = fitBuyer(buyer);
  return { buyer_name: name, buyer_email: email };
};

export function createV1Provider(client: IamportClient): PaymentProvider {
  const readPayment = (id: string) => v1(async () => fromPayment(await client.payments.get({ imp_uid: id })));

  return {
    api: 'v1',

    serviceNow: (options) => v1(() => client.serviceNow(options)),

    readIdentityCheck: (id) =>
      v1(async () => {
        try {
          return fromCertification(await client.certifications.get({ imp_uid: id }));
        } catch (error) {
          if (error instanceof IamportNotFoundError) return { outcome: 'not_found', id };
          throw error;
        }
      }),

    registerCard: ({ reference, card, buyer }) =>
      v1(async () => {
        const { name, email } = fitBuyer(buyer);
        const result = await client.billingKeys.register({
          customer_uid: reference,
          card_number: card.number,
          expiry: card.expiry,
          birth: card.birth,
          pwd_2digit: card.pwd2digit,
          customer_name: name,
          customer_email: email,
        });
        if (result.outcome === 'refused') return { outcome: 'refused', message: result.message };
        return { outcome: 'issued', key: fromKey(result.billingKey) };
      }),

    readKey: (key) => v1(async () => fromKey(await client.billingKeys.get({ customer_uid: key }))),

    deleteKey: (key) =>
      v1(async () => {
        try {
          await client.billingKeys.delete({ customer_uid: key });
        } catch (error) {
          if (!(error instanceof IamportNotFoundError)) throw error;
        }
      }),

    // V1 names a key by our customer_uid: at most one, read by that name.
    listKeys: ({ customerId }) =>
      v1(async () => {
        try {
          return [fromKey(await client.billingKeys.get({ customer_uid: customerId }))];
        } catch (error) {
          if (error instanceof IamportNotFoundError) return [];
          throw error;
        }
      }),

    chargeKey: (input) =>
      v1(async () => {
        const result = await client.charges.again({
          customer_uid: input.key,
          merchant_uid: input.orderId,
          amount: input.amount,
          name: input.orderName,
          ...buyerFields(input.buyer),
        });
        if (result.outcome === 'rejected') return { outcome: 'rejected', message: result.message };
        const payment = fromPayment(result.payment);
        return result.outcome === 'paid' ? { outcome: 'paid', payment } : { ...result, payment };
      }),

    resolveCharge: (orderId) =>
      v1(async () => {
        const truth = await client.charges.resolve({ merchant_uid: orderId });
        if (truth.outcome === 'not_found') return { outcome: 'not_found', orderId };
        return outcomeOf(fromPayment(truth.payment));
      }),

    readPayment,

    listPayments: ({ status, from, to }) =>
      v1(async () => (await client.payments.listAllByStatus({ status, from, to })).map(fromPayment)),

    cancel: ({ id, amount, cancellableAmount, reason }) =>
      v1(async () => {
        try {
          const payment = await client.payments.cancel({ imp_uid: id, amount, checksum: cancellableAmount, reason });
          return { outcome: 'refunded', payment: fromPayment(payment) };
        } catch (error) {
          // V1 refuses with a message only: the record says why (refunded already, or another balance).
          if (!(error instanceof IamportApiError) || error instanceof IamportAuthenticationError) throw error;
          if (error instanceof IamportNotFoundError || error.httpStatus >= 500) throw error;
          const now = fromPayment(await client.payments.get({ imp_uid: id }));
          const message = error.message;
          if (now.status === 'cancelled') return { outcome: 'refused', reason: 'already_cancelled', message };
          if (now.status !== 'paid') return { outcome: 'refused', reason: 'not_paid', message };
          if (now.cancellableAmount !== cancellableAmount)
            return { outcome: 'refused', reason: 'stale_balance', message };
          return { outcome: 'refused', reason: 'other', message };
        }
      }),

    schedule: (input) =>
      v1(async () => {
        const [booked] = await client.schedules.create({
          customer_uid: input.key,
          schedules: [
            {
              merchant_uid: input.orderId,
              schedule_at: input.at,
              amount: input.amount,
              name: input.orderName,
              ...buyerFields(input.buyer),
            },
          ],
        });
        return { scheduleId: input.orderId, orderId: input.orderId, at: booked?.schedule_at ?? input.at };
      }),

    revokeSchedule: ({ key, scheduleId }) =>
      v1(async () => {
        const revoked = await client.schedules.revoke({ customer_uid: key, merchant_uid: scheduleId });
        return revoked.some((schedule) => schedule.merchant_uid === scheduleId);
      }),

    readSchedule: (scheduleId) =>
      v1(async (): Promise<ScheduledCharge> => {
        const read = await client.schedules.readCharge({ merchant_uid: scheduleId });
        if (read.outcome === 'scheduled' || read.outcome === 'revoked') return { outcome: read.outcome, scheduleId };
        if (read.outcome === 'rejected') return { outcome: 'rejected', scheduleId, message: read.message };
        return { ...outcomeOf(fromPayment(read.payment)), scheduleId };
      }),

    prepareCheckout: ({ orderId, amount }) =>
      v1(async () => {
        await client.payments.prepare({ merchant_uid: orderId, amount });
      }),

    verifyCheckout: async ({ id, orderId, amount }) => checkoutOf(await readPayment(id), orderId, amount),

    receiveNotice: ({ body, headers }) => v1(() => fromIamportNotice(client, body, headers)),
  };
}
