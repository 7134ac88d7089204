// A few hundred fuzz cases on every run of the suite (`npm run soak:emulator` runs 10,000).
import { describe, expect, it } from 'vitest';
import { operationOf } from '../conformance/operations';
import { startTestEmulator } from '../kit';
import { fuzzEmulator } from './run';

describe('fuzzing every route', () => {
  it('knows the Swagger definition of every REST route (each is an operation of the file)', async () => {
    const emulator = await startTestEmulator();
    await emulator.close();
    const rest = emulator.routes.filter(
      (route) => !route.split(' ')[1]?.startsWith('/__emulator') && !/ \/(js|v1|v2)\//.test(route),
    );
    expect(rest.length).toBeGreaterThan(40);
    expect(rest.filter((route) => !operationOf(route)?.definition)).toEqual([]);
  });

  it('300 random requests: no 5xx, no answer outside the contract, nothing on Object.prototype', async () => {
    const report = await fuzzEmulator(300);
    expect(report.cases).toBe(300);
    expect(Object.keys(report.statuses).filter((kind) => kind === '5xx')).toEqual([]);
  }, 120_000);
});
