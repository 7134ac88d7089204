// A billing key keeps its card's expiry end (a timestamp) in the journal, so a restart still
// refuses it after its month; a key journaled before that field existed still loads and charges.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cardFields, EmulatorClient, NOWHERE_URL, type PaymentWire } from '@/test/emulator/kit';
import { defaultMerchant } from './merchants';
import { startEmulator } from './server';

const START = Date.UTC(2026, 0, 15, 3) / 1000;
/** 2026-03-01 00:00 KST: the first second after a card with expiry 2026-02. */
const FEBRUARY_END = Date.UTC(2026, 1, 28, 15) / 1000;
const YEAR = 365 * 24 * 3600;

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function started() {
  const running = await startEmulator({
    port: 0,
    dataDir: dir,
    clock: { start: START, frozen: true },
    merchants: [defaultMerchant(NOWHERE_URL)],
  });
  return { running, client: new EmulatorClient(running.url) };
}

const again = (client: EmulatorClient, customer_uid: string, merchant_uid: string) =>
  client.rest<PaymentWire>('POST', '/subscribe/payments/again', {
    customer_uid,
    merchant_uid,
    amount: 1000,
    name: '정기결제',
  });

describe('billing-key expiry in the journal', () => {
  it('survives a restart: the key charges until its month ends and is refused after', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'emulator-expiry-'));
    const first = await started();
    await first.client.rest('POST', '/subscribe/customers/feb', { ...cardFields(), expiry: '2026-02' });
    await first.running.close();

    const second = await started();
    try {
      expect((await again(second.client, 'feb', 'o-1')).body.response?.status).toBe('paid');
      await second.client.advanceClock(FEBRUARY_END - START);
      const refused = await again(second.client, 'feb', 'o-2');
      expect(refused.body).toMatchObject({ code: -1, response: null });
      expect(refused.body.message).toContain('유효기간이 만료된 카드입니다.');
    } finally {
      await second.running.close();
    }
  });

  it('a key journaled without the expiry field (an older version) loads and never expires', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'emulator-expiry-'));
    const old = {
      merchant_code: 'imp00000000',
      customer_uid: 'old-key',
      pg_provider: 'nice',
      pg_id: 'emulator_nice',
      card: {
        behaviour: 'approve',
        card_number: '4242-42**-****-4242',
        card_name: '신한카드',
        card_code: '366',
        card_type: '0',
      },
      customer_name: null,
      customer_tel: null,
      customer_email: null,
      customer_addr: null,
      customer_postcode: null,
      charges: 0,
      inserted: START - 3600,
      updated: START - 3600,
    };
    writeFileSync(path.join(dir, 'journal.jsonl'), `${JSON.stringify({ k: 'billing_key', p: old })}\n`);
    const { running, client } = await started();
    try {
      const key = await client.rest('GET', '/subscribe/customers/old-key');
      expect(key.body.response).toMatchObject({ customer_uid: 'old-key', card_number: '4242-42**-****-4242' });
      await client.advanceClock(10 * YEAR);
      const charged = await again(client, 'old-key', 'o-old');
      expect(charged.body.code).toBe(0);
      expect(charged.body.response?.status).toBe('paid');
    } finally {
      await running.close();
    }
  });
});
