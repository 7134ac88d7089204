// Crash recovery of the journal: a torn last line is cut off before anything is appended after
// it; a damaged line elsewhere stops the start, naming it; and a process killed (SIGKILL) while
// writing, again and again, never loses a write it had acknowledged.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardFields, NOWHERE_URL } from '@/test/emulator/kit';
import { Emulator } from './core/emulator';
import { paymentsOfOrder } from './core/service/payments';
import { payOnetime } from './core/service/subscribe-payments';
import { JournalCorrupt } from './core/store/journal';
import { defaultMerchant } from './merchants';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-journal-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const open = (dataDir: string) =>
  new Emulator({ dataDir, clock: { frozen: true }, merchants: [defaultMerchant(NOWHERE_URL)] });
const pay = (core: Emulator, merchant_uid: string) =>
  payOnetime(core, 'imp00000000', { merchant_uid, amount: 1000, ...cardFields() });
const paid = (core: Emulator, merchant_uid: string) => paymentsOfOrder(core, 'imp00000000', merchant_uid).length === 1;
const journal = (dir: string) => path.join(dir, 'journal.jsonl');

describe('journal crash recovery', () => {
  it('a torn last line is cut off, so what is written after the next start survives the start after', () => {
    const dir = freshDir();
    const first = open(dir);
    pay(first, 'before');
    first.close();
    const original = readFileSync(journal(dir));
    // Every way a crash can tear the last line: each prefix of a real one.
    const line = Buffer.from(`${JSON.stringify({ k: 'payment', p: { imp_uid: 'imp_1', merchant_uid: '주문' } })}\n`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let cut = 1; cut < line.length; cut += 7) {
      writeFileSync(journal(dir), Buffer.concat([original, line.subarray(0, cut)]));
      const second = open(dir);
      expect(statSync(journal(dir)).size).toBe(original.length);
      pay(second, `after-${cut}`);
      second.close();
      const third = open(dir);
      expect(paid(third, 'before') && paid(third, `after-${cut}`)).toBe(true);
      third.close();
    }
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/cut off a torn last line \(1 bytes after line \d+/));
    warn.mockRestore();
  });

  it('a damaged line before the last stops the start with an error naming the line', () => {
    const dir = freshDir();
    const core = open(dir);
    for (const uid of ['a', 'b', 'c']) pay(core, uid);
    core.close();
    const lines = readFileSync(journal(dir), 'utf8').split('\n');
    lines[2] = lines[2]?.slice(0, 20) ?? '';
    writeFileSync(journal(dir), lines.join('\n'));
    expect(() => open(dir)).toThrow(JournalCorrupt);
    expect(() => open(dir)).toThrow(/journal\.jsonl: line 3 is not a journal entry/);
  });

  it('SIGKILL in the middle of writing, again and again: every acknowledged payment is there after', async () => {
    const dir = freshDir();
    const acknowledged: string[] = [];
    const kills = Number(process.env.EMULATOR_CRASH_ROUNDS ?? 8);
    for (let round = 0; round < kills; round++) {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, '..', 'test/emulator/crash/journal-writer.ts'),
          dir,
          String(round),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      let acks = 0;
      const target = 20 + ((round * 37) % 200);
      for await (const line of createInterface({ input: child.stdout })) {
        if (!line.startsWith('ack ')) continue;
        acknowledged.push(line.slice(4));
        if (++acks === target) child.kill('SIGKILL');
      }
      await exited;
      const core = open(dir);
      const lost = acknowledged.filter((uid) => !paid(core, uid));
      core.close();
      expect(lost, `round ${round}`).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThan(kills * 20);
  }, 180_000);
});
