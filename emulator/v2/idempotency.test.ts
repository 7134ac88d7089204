// A repeat of a request while the first still runs answers 409 IDEMPOTENCY_OUTSTANDING_REQUEST;
// once it answered, the same answer.
import { afterAll, describe, expect, it } from 'vitest';
import { Emulator } from '../core/emulator';
import { V2Error } from './errors';
import { withIdempotency } from './idempotency';

describe('withIdempotency', () => {
  const core = new Emulator({ dataDir: ':memory:', clock: { frozen: true } });
  afterAll(() => core.close());

  it('answers 409 to a repeat while the first runs, then the first answer', async () => {
    let finish: () => void = () => {};
    let runs = 0;
    const run = () => {
      runs += 1;
      return new Promise<{ status: number; json: unknown }>((resolve) => {
        finish = () => resolve({ status: 200, json: { done: runs } });
      });
    };
    const key = 'order-0001-refund-0001';
    const first = withIdempotency(core, 'imp00000000', key, 'POST /x {}', run);
    const concurrent = await withIdempotency(core, 'imp00000000', key, 'POST /x {}', run).catch((e: unknown) => e);
    expect(concurrent).toBeInstanceOf(V2Error);
    expect(concurrent).toMatchObject({ status: 409, type: 'IDEMPOTENCY_OUTSTANDING_REQUEST' });
    finish();
    expect(await first).toMatchObject({ status: 200, json: { done: 1 } });
    const replay = await withIdempotency(core, 'imp00000000', key, 'POST /x {}', run);
    expect(replay).toMatchObject({ status: 200, json: { done: 1 }, headers: { 'idempotent-replayed': 'true' } });
    expect(runs).toBe(1);
  });
});
