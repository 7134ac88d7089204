import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOWHERE_URL } from '@/test/emulator/kit';
import { defaultMerchant } from './merchants';
import { type RunningEmulator, startEmulator } from './server';

describe('emulator process', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, dataDir: ':memory:', merchants: [defaultMerchant(NOWHERE_URL)] });
  });
  afterAll(() => emulator.close());

  it('answers its health route with the default merchant', async () => {
    const res = await fetch(`${emulator.url}/__emulator/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, merchants: ['imp00000000'] });
  });

  it('answers unknown paths with 404 in the service envelope', async () => {
    const res = await fetch(`${emulator.url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: -1, message: 'Not Found', response: null });
  });
});
