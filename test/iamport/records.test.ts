import { describe, expect, it } from 'vitest';
import { IamportApiError, IamportNotFoundError } from '@/lib/iamport/errors';
import { cardFields, chargeAgain, paymentsFor, registered, uid, withEmulator } from './harness';

const h = withEmulator();

describe('payments, billing keys, schedules, certifications, barcodes against the emulator', () => {
  it('cancel: partial with checksum, a stale checksum refused, then the rest', async () => {
    const merchant_uid = uid('order');
    const paid = await chargeAgain(h, await registered(h), merchant_uid, 10_000);
    if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
    const { imp_uid } = paid.payment;
    const partial = await h.client.payments.cancel({ imp_uid, amount: 3000, checksum: 10_000, reason: '부분 환불' });
    expect(partial).toMatchObject({ status: 'paid', cancel_amount: 3000 });
    expect(partial.cancel_history.map((entry) => entry.amount)).toEqual([3000]);
    await expect(h.client.payments.cancel({ merchant_uid, amount: 1000, checksum: 10_000 })).rejects.toBeInstanceOf(
      IamportApiError,
    );
    const full = await h.client.payments.cancel({ merchant_uid, reason: '전액 환불' });
    expect(full).toMatchObject({ status: 'cancelled', cancel_amount: 10_000 });
    expect(await h.client.charges.resolve({ merchant_uid })).toMatchObject({ outcome: 'cancelled' });
  });

  it('unknown ids are IamportNotFoundError on every read', async () => {
    const { client } = h;
    await expect(client.payments.get({ imp_uid: 'imp_999999999999' })).rejects.toBeInstanceOf(IamportNotFoundError);
    await expect(client.payments.find({ merchant_uid: uid('none') })).rejects.toBeInstanceOf(IamportNotFoundError);
    await expect(client.payments.getPrepared({ merchant_uid: uid('none') })).rejects.toBeInstanceOf(
      IamportNotFoundError,
    );
    await expect(client.billingKeys.get({ customer_uid: uid('none') })).rejects.toBeInstanceOf(IamportNotFoundError);
    await expect(client.schedules.get({ merchant_uid: uid('none') })).rejects.toBeInstanceOf(IamportNotFoundError);
    await expect(client.certifications.get({ imp_uid: 'imp_999999999999' })).rejects.toBeInstanceOf(
      IamportNotFoundError,
    );
  });

  it('prepare pins an amount, readable back', async () => {
    const merchant_uid = uid('order');
    expect(await h.client.payments.prepare({ merchant_uid, amount: 12_000 })).toMatchObject({ amount: 12_000 });
    expect(await h.client.payments.getPrepared({ merchant_uid })).toMatchObject({ merchant_uid, amount: 12_000 });
  });

  it('billing key: register, read, replace, delete', async () => {
    const customer_uid = await registered(h);
    expect((await h.client.billingKeys.get({ customer_uid })).card_number).toMatch(/^4242/);
    await h.client.billingKeys.register({ customer_uid, ...cardFields(), card_number: '5555-5555-5555-4444' });
    expect((await h.client.billingKeys.get({ customer_uid })).card_number).toMatch(/^5555/);
    expect((await h.client.billingKeys.delete({ customer_uid })).customer_uid).toBe(customer_uid);
    await expect(h.client.billingKeys.get({ customer_uid })).rejects.toBeInstanceOf(IamportNotFoundError);
  });

  it('schedules: book on the service clock, read, revoke', async () => {
    const customer_uid = await registered(h);
    const now = await h.client.serviceNow();
    const [first, second] = [uid('sub'), uid('sub')];
    const booked = await h.client.schedules.create({
      customer_uid,
      schedules: [
        { merchant_uid: first, schedule_at: now + 86_400, amount: 9900, name: '월 구독' },
        { merchant_uid: second, schedule_at: now + 2 * 86_400, amount: 9900, name: '월 구독' },
      ],
    });
    expect(booked.map((s) => [s.merchant_uid, s.schedule_status, s.imp_uid])).toEqual([
      [first, 'scheduled', null],
      [second, 'scheduled', null],
    ]);
    expect(await h.client.schedules.readCharge({ merchant_uid: first })).toMatchObject({ outcome: 'scheduled' });
    expect((await h.client.schedules.revoke({ customer_uid, merchant_uid: first })).map((s) => s.merchant_uid)).toEqual(
      [first],
    );
    const revoked = await h.client.schedules.readCharge({ merchant_uid: first });
    expect(revoked.outcome).toBe('revoked');
    expect(revoked.schedule.revoked_at).toBeGreaterThanOrEqual(now);
    expect(await h.client.schedules.revoke({ customer_uid, merchant_uid: first })).toEqual([]);
    expect((await h.client.schedules.get({ merchant_uid: second })).schedule_status).toBe('scheduled');
  });

  it('readCharge after the clock passes schedule_at: paid for 4242, declined (잔액부족) for 9995', async () => {
    const [approved, insufficient] = [await registered(h), await registered(h, 'insufficientBalance')];
    const now = await h.client.serviceNow();
    const [paidOrder, declinedOrder] = [uid('sub'), uid('sub')];
    const bookings: Array<[customer_uid: string, merchant_uid: string]> = [
      [approved, paidOrder],
      [insufficient, declinedOrder],
    ];
    for (const [customer_uid, merchant_uid] of bookings) {
      await h.client.schedules.create({
        customer_uid,
        schedules: [{ merchant_uid, schedule_at: now + 600, amount: 9900, name: '월 구독' }],
      });
    }
    expect(await h.client.schedules.readCharge({ merchant_uid: paidOrder })).toMatchObject({ outcome: 'scheduled' });

    await h.emulator.advanceClock(601);

    const paid = await h.client.schedules.readCharge({ merchant_uid: paidOrder });
    if (paid.outcome !== 'paid') throw new Error(`expected paid, got ${paid.outcome}`);
    expect(paid.payment).toMatchObject({
      merchant_uid: paidOrder,
      customer_uid: approved,
      amount: 9900,
      status: 'paid',
      channel: 'api',
      customer_uid_usage: 'payment.scheduled',
    });
    expect(paid.schedule).toMatchObject({ schedule_status: 'executed', imp_uid: paid.payment.imp_uid });
    expect(paid.schedule.executed_at).toBeGreaterThanOrEqual(now + 600);

    const declined = await h.client.schedules.readCharge({ merchant_uid: declinedOrder });
    if (declined.outcome !== 'declined') throw new Error(`expected declined, got ${declined.outcome}`);
    expect(declined.reason).toContain('잔액부족');
    expect(declined.payment).toMatchObject({ merchant_uid: declinedOrder, status: 'failed', amount: 9900 });
    expect(declined.schedule.imp_uid).toBe(declined.payment.imp_uid);
    // Executed once each: one payment per order number.
    expect((await paymentsFor(h, paidOrder)).map((p) => p.status)).toEqual(['paid']);
    expect((await paymentsFor(h, declinedOrder)).map((p) => p.status)).toEqual(['failed']);
  });

  it('certification: read one made in the window, compare its time with the service clock, delete it', async () => {
    const { certification } = await h.emulator.certify({
      name: '홍길동',
      birthday: '1990-01-01',
      gender: 'male',
      phone: '010-1234-5678',
      carrier: 'SKT',
    });
    const read = await h.client.certifications.get({ imp_uid: certification.imp_uid });
    expect(read).toMatchObject({ name: '홍길동', birthday: '1990-01-01', certified: true });
    expect(Math.abs(read.certified_at - (await h.client.serviceNow()))).toBeLessThan(5);
    await h.client.certifications.delete({ imp_uid: certification.imp_uid });
    await expect(h.client.certifications.get({ imp_uid: certification.imp_uid })).rejects.toBeInstanceOf(
      IamportNotFoundError,
    );
  });

  it('barcode: issued ready, then cancelled', async () => {
    const merchant_uid = uid('cvs');
    const issued = await h.client.cvs.issue({ merchant_uid, amount: 3000, name: '도서', buyer_name: '홍길동' });
    expect(issued).toMatchObject({ merchant_uid, status: 'ready', amount: 3000 });
    expect((await h.client.cvs.cancel({ imp_uid: issued.imp_uid })).status).toBe('cancelled');
  });
});
