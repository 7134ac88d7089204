import { describe, expect, it } from 'vitest';
import {
  IamportApiError,
  IamportChargeUnknownError,
  IamportRequestError,
  IamportTimeoutError,
} from '@/lib/iamport/errors';
import { createIamportClient } from '@/lib/iamport/service-client';
import { cardFields, chargeAgain, countSent, paymentsFor, registered, timeoutMs, uid, withEmulator } from './harness';
import { startLossyProxy } from './lossy-proxy';

const h = withEmulator();
const charge = 'POST /subscribe/payments/again';

describe('faults injected into the emulator', () => {
  it('a read answered 500 once is retried and succeeds; 503 every time is an API error', async () => {
    const customer_uid = await registered(h);
    const path = `/subscribe/customers/${customer_uid}`;
    await h.emulator.injectFault({ method: 'GET', path, action: '500' });
    expect((await h.client.billingKeys.get({ customer_uid })).customer_uid).toBe(customer_uid);
    expect(countSent(h, `GET ${path}`)).toBe(2);
    await h.emulator.injectFault({ method: 'GET', path, action: '503', count: 3 });
    await expect(h.client.billingKeys.get({ customer_uid })).rejects.toMatchObject({
      name: 'IamportApiError',
      httpStatus: 503,
    });
  });

  it('a read that hangs past the timeout, then drops, is retried until it succeeds', async () => {
    const customer_uid = await registered(h);
    const path = `/subscribe/customers/${customer_uid}`;
    await h.emulator.injectFault({ method: 'GET', path, action: 'hang' });
    await h.emulator.injectFault({ method: 'GET', path, action: 'drop' });
    expect((await h.client.billingKeys.get({ customer_uid })).customer_uid).toBe(customer_uid);
    expect(countSent(h, `GET ${path}`)).toBe(3);
  });

  it.each([
    ['500', IamportApiError],
    ['hang', IamportTimeoutError],
    ['drop', IamportTimeoutError],
  ] as const)(
    'a charge met by "%s": sent once, outcome unknown, resolved as never charged, then charged once',
    async (action, cause) => {
      const customer_uid = await registered(h);
      const merchant_uid = uid('order');
      await h.emulator.injectFault({ method: 'POST', path: '/subscribe/payments/again', action });
      const error = await chargeAgain(h, customer_uid, merchant_uid).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IamportChargeUnknownError);
      expect((error as Error).cause).toBeInstanceOf(cause);
      expect(countSent(h, charge)).toBe(1);
      expect(await h.client.charges.resolve({ merchant_uid })).toEqual({ outcome: 'not_found', merchant_uid });
      expect((await chargeAgain(h, customer_uid, merchant_uid)).outcome).toBe('paid');
      expect(await paymentsFor(h, merchant_uid)).toHaveLength(1);
    },
  );

  it.each(['hang', 'drop'] as const)(
    'a key-in charge (onetime) met by "%s": sent once, outcome unknown, resolved as never charged, then charged once',
    async (action) => {
      const merchant_uid = uid('order');
      const onetime = () => h.client.charges.onetime({ merchant_uid, amount: 5000, name: '단건', ...cardFields() });
      await h.emulator.injectFault({ method: 'POST', path: '/subscribe/payments/onetime', action });
      const error = await onetime().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IamportChargeUnknownError);
      expect((error as IamportChargeUnknownError).cause).toBeInstanceOf(IamportTimeoutError);
      expect(countSent(h, 'POST /subscribe/payments/onetime')).toBe(1);
      expect(await h.client.charges.resolve({ merchant_uid })).toEqual({ outcome: 'not_found', merchant_uid });
      expect(await paymentsFor(h, merchant_uid)).toHaveLength(0);
      expect(await onetime()).toMatchObject({ outcome: 'paid', payment: { merchant_uid, amount: 5000 } });
      expect(countSent(h, 'POST /subscribe/payments/onetime')).toBe(2);
      expect(await paymentsFor(h, merchant_uid)).toHaveLength(1);
    },
  );

  it('a key-in charge (onetime) whose answer is lost was made: resolve says paid, nothing charged twice', async () => {
    const merchant_uid = uid('order');
    const lost = 'POST /subscribe/payments/onetime';
    const proxy = await startLossyProxy(h.emulator.url, lost);
    try {
      const viaProxy = createIamportClient({ baseUrl: proxy.url, key: 'test_key', secret: 'test_secret', timeoutMs });
      const error = await viaProxy.charges
        .onetime({ merchant_uid, amount: 5000, name: '단건', ...cardFields() })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IamportChargeUnknownError);
      expect(proxy.forwarded(lost)).toBe(1);
      expect(await viaProxy.charges.resolve({ merchant_uid })).toMatchObject({
        outcome: 'paid',
        payment: { amount: 5000 },
      });
      expect(await paymentsFor(h, merchant_uid)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a charge whose answer is lost on the way back was made: resolve says paid, nothing charged twice', async () => {
    const customer_uid = await registered(h);
    const merchant_uid = uid('order');
    const proxy = await startLossyProxy(h.emulator.url, charge);
    try {
      const viaProxy = createIamportClient({ baseUrl: proxy.url, key: 'test_key', secret: 'test_secret', timeoutMs });
      const error = await viaProxy.charges
        .again({ customer_uid, merchant_uid, amount: 1000, name: '월 구독' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IamportChargeUnknownError);
      expect(proxy.forwarded(charge)).toBe(1);
      expect(await viaProxy.charges.resolve({ merchant_uid })).toMatchObject({
        outcome: 'paid',
        payment: { amount: 1000 },
      });
      expect(await paymentsFor(h, merchant_uid)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a request that fails validation never reaches the emulator', async () => {
    const tooLong = { customer_uid: 'c', merchant_uid: 'x'.repeat(41), amount: 1000, name: 'n' };
    await expect(h.client.charges.again(tooLong)).rejects.toBeInstanceOf(IamportRequestError);
    expect(h.sent).toEqual([]);
  });
});
