// Notices and kept-alive connections: a receiver that closes its idle keep-alive connections
// (as many web servers do after a few seconds; here after 0–3 ms, so it happens constantly)
// still gets every one of 2,000 notices sent under concurrent load, each exactly once.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { payOnetime } from '../core/service/subscribe-payments';

const NOTICES = 2000;

describe('webhooks on kept-alive connections', () => {
  const received = new Map<string, number>();
  /** Connections this receiver has decided to close: whatever arrives on them is never read. */
  const closing = new WeakSet<Socket>();
  /** Requests that came on a connection this receiver had already decided to close. */
  let unread = 0;
  const receiver = createServer((req, res) => {
    const socket = req.socket;
    if (closing.has(socket)) {
      unread += 1;
      socket.destroy();
      return;
    }
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      const { imp_uid } = JSON.parse(text) as { imp_uid: string };
      received.set(imp_uid, (received.get(imp_uid) ?? 0) + 1);
      res.end('OK', () => {
        // Half the connections are closed as idle a moment later: whatever comes on them meanwhile is never read.
        if (Math.random() < 0.5) return;
        closing.add(socket);
        setTimeout(() => socket.destroy(), Math.random() * 3);
      });
    });
  });
  let emulator: TestEmulator;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    emulator = await startTestEmulator({ clock: { frozen: true }, callbackUrl: `http://127.0.0.1:${port}/hook` });
  });
  afterAll(async () => {
    await emulator.close();
    receiver.close();
  });

  it(`${NOTICES} notices under concurrent load all arrive, each once`, async () => {
    const made: string[] = [];
    for (let batch = 0; batch < NOTICES / 200; batch++) {
      for (let i = 0; i < 200; i++) {
        const merchant_uid = `ka-${batch}-${i}`;
        made.push(
          payOnetime(emulator.core, emulator.merchant.code, { merchant_uid, amount: 100, ...cardFields() }).imp_uid,
        );
      }
      await emulator.advanceClock(1); // answers once this batch's attempts are done
    }
    const deliveries = await emulator.webhooks();
    expect(deliveries.filter((d) => d.status !== 'delivered').map((d) => [d.imp_uid, d.attempts])).toEqual([]);
    expect(made.filter((impUid) => received.get(impUid) !== 1)).toEqual([]);
    expect(received.size).toBe(NOTICES);
    // Connections were closed under the sender's feet, and no notice was lost to it.
    expect(unread).toBeGreaterThan(0);
  }, 120_000);
});
