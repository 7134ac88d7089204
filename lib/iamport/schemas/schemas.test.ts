import { describe, expect, it } from 'vitest';
import { paymentRecord } from '@/test/doubles/iamport-service';
import { billingKeySchema } from './billing-key';
import { certificationSchema } from './certification';
import { paymentSchema } from './payment';
import { schedulePageSchema, scheduleSchema } from './schedule';

describe('response schemas', () => {
  it('reads timestamps sent as numbers or strings of digits, and unset ones as 0', () => {
    const payment = paymentSchema.parse(
      paymentRecord({ paid_at: '1700000000', started_at: 1_699_999_990, failed_at: null, cancelled_at: '' }),
    );
    expect(payment).toMatchObject({ paid_at: 1_700_000_000, started_at: 1_699_999_990, failed_at: 0, cancelled_at: 0 });
    expect(payment.vbank_date).toBe(0); // absent
  });

  it('refuses a timestamp that is not one, naming the field', () => {
    const result = paymentSchema.safeParse(paymentRecord({ paid_at: '2024-01-01' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['paid_at']);
  });

  it('keeps fields it does not know, and fills the optional ones it does with null', () => {
    const payment = paymentSchema.parse(paymentRecord({ promotion: { id: 'p1' }, card_name: undefined }));
    expect((payment as Record<string, unknown>).promotion).toEqual({ id: 'p1' });
    expect(payment.card_name).toBeNull();
    expect(payment.cancel_history).toEqual([]);
  });

  it('refuses a payment without the fields money decisions rest on', () => {
    expect(paymentSchema.safeParse(paymentRecord({ status: 'approved' })).success).toBe(false);
    expect(paymentSchema.safeParse(paymentRecord({ amount: undefined })).success).toBe(false);
    expect(paymentSchema.safeParse(paymentRecord({ imp_uid: '' })).success).toBe(false);
  });

  it('reads cancel history entries with their tolerant timestamps', () => {
    const payment = paymentSchema.parse(
      paymentRecord({
        status: 'cancelled',
        cancel_amount: 1000,
        cancel_history: [{ pg_tid: 'c1', amount: 1000, cancelled_at: '1700000100', reason: 'refund' }],
      }),
    );
    expect(payment.cancel_history).toEqual([
      {
        pg_tid: 'c1',
        amount: 1000,
        cancelled_at: 1_700_000_100,
        reason: 'refund',
        cancellation_id: null,
        receipt_url: null,
      },
    ]);
  });

  it('reads sandbox as a boolean: true only when the service says so (an answer without it is live)', () => {
    expect(paymentSchema.parse(paymentRecord({ sandbox: true })).sandbox).toBe(true);
    expect(paymentSchema.parse(paymentRecord()).sandbox).toBe(false);
    expect(billingKeySchema.parse({ customer_uid: 'c1', sandbox: null }).sandbox).toBe(false);
    expect(paymentSchema.safeParse(paymentRecord({ sandbox: 'true' })).success).toBe(false);
  });

  it("reads a customer's bookings as the Swagger file's array or as a paged object", () => {
    const booking = { customer_uid: 'c1', merchant_uid: 'm1', amount: 9900, schedule_status: 'scheduled' };
    expect(schedulePageSchema.parse([booking])).toMatchObject({ list: [{ merchant_uid: 'm1' }], next: null });
    expect(schedulePageSchema.parse({ total: 1, previous: 0, next: 0, list: [booking] })).toMatchObject({
      list: [{ merchant_uid: 'm1' }],
      next: 0,
    });
  });

  it('reads the deprecated certification birth as signed seconds (a birth before 1970)', () => {
    const certification = certificationSchema.parse({ imp_uid: 'imp_1', birth: -315_619_200, birthday: '1960-01-01' });
    expect(certification).toMatchObject({ birth: -315_619_200, birthday: '1960-01-01', certified_at: 0 });
  });

  it('reads a schedule not yet executed: no imp_uid, no payment status', () => {
    const schedule = scheduleSchema.parse({
      customer_uid: 'c1',
      merchant_uid: 'm1',
      imp_uid: null,
      schedule_at: 1_700_003_600,
      executed_at: 0,
      revoked_at: 0,
      amount: 9900,
      schedule_status: 'scheduled',
      payment_status: null,
    });
    expect(schedule).toMatchObject({ imp_uid: null, payment_status: null, executed_at: 0, schedule_at: 1_700_003_600 });
  });
});
