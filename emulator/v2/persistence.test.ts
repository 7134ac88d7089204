// V2 state survives a restart on a data directory: payments, billing keys, and a pending schedule
// that still runs when the restarted merchant's clock reaches it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMerchant } from '../merchants';
import { startEmulator } from '../server';
import { createSchedule } from './service/schedules';
import { issueBillingKeyInWindow, payInWindow } from './service/windows';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-v2-'));
const START = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
const MERCHANT = 'imp00000000';
const STORE = 'store-00000000-0000-4000-8000-000000000000';
const start = () =>
  startEmulator({
    port: 0,
    dataDir,
    clock: { start: START, frozen: true },
    merchants: [defaultMerchant('http://127.0.0.1:1/')],
  });

describe('V2 persistence', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps payments, keys and schedules across a restart, and runs the schedule after it', async () => {
    const first = await start();
    const card = { card: { number: '4242424242424242', expiryYear: '99', expiryMonth: '12' } };
    const paid = payInWindow(first.core, MERCHANT, {
      channelKey: null,
      request: { paymentId: 'persist-1', orderName: '주문', total: 5000, currency: 'KRW' },
      means: card,
    });
    const issued = issueBillingKeyInWindow(first.core, MERCHANT, { channelKey: null, means: card });
    if (issued.status !== 'ISSUED') throw new Error('not issued');
    const request = {
      merchantCode: MERCHANT,
      storeId: STORE,
      paymentId: 'persist-2',
      orderName: '다음 달',
      total: 9900,
      currency: 'KRW',
    };
    const schedule = createSchedule(first.core, request, issued.billingKey.billing_key, START + 86_400);
    await first.close();

    const second = await start();
    try {
      const store = second.core.store;
      expect(store.v2Payments.get(`${MERCHANT}\npersist-1`)).toMatchObject({
        status: 'PAID',
        transaction_id: paid.payment.transaction_id,
      });
      expect(store.v2BillingKeys.get(issued.billingKey.billing_key)?.status).toBe('ISSUED');
      await second.core.advance(86_400, MERCHANT);
      expect(store.v2Schedules.get(schedule.id)?.status).toBe('SUCCEEDED');
      expect(store.v2Payments.get(`${MERCHANT}\npersist-2`)?.status).toBe('PAID');
    } finally {
      await second.close();
    }
  });
});
