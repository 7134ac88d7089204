import { describe, expect, it } from 'vitest';
import type { Payment } from '@/lib/iamport';
import { cancelEntryKey, refundFate } from './refund-fate';

const entry = (pg_tid: string, amount: number, reason = '', cancelled_at = 1_800_000_000) => ({
  pg_tid,
  amount,
  reason,
  cancelled_at,
  cancellation_id: null,
  receipt_url: null,
});
const payment = (...history: ReturnType<typeof entry>[]) =>
  ({ imp_uid: 'imp_1', amount: 19_900, cancel_history: history }) as unknown as Payment;

const asked = { amount: 17_680, reason: '정기구독 즉시 해지: 남은 기간 환불', knownEntries: ['op'] };

describe('refundFate: a refund asked for, judged from the record against what it held before', () => {
  it('not yet: nothing new in the record (the operator’s earlier refund is not ours)', () => {
    expect(refundFate(payment(entry('op', 1_000, '고객 요청')), asked)).toEqual({ kind: 'not_yet' });
  });

  it('made: a new entry of our amount and reason', () => {
    const record = payment(entry('op', 1_000, '고객 요청'), entry('ours', 17_680, asked.reason));
    expect(refundFate(record, asked)).toEqual({ kind: 'made', entry: 'ours' });
  });

  it('made: a provider that keeps no reason leaves the amount to tell', () => {
    expect(refundFate(payment(entry('op', 1_000), entry('ours', 17_680)), asked)).toMatchObject({ kind: 'made' });
  });

  it('superseded: another refund came first, so ours (its checksum stale) can never be made', () => {
    const record = payment(entry('op', 1_000), entry('console', 17_680, '콘솔 환불'));
    expect(refundFate(record, asked)).toEqual({ kind: 'superseded' });
  });

  it('never from totals: an earlier refund of the same amount does not count as ours', () => {
    const known = { ...asked, amount: 1_000, knownEntries: ['op'] };
    expect(refundFate(payment(entry('op', 1_000, known.reason)), known)).toEqual({ kind: 'not_yet' });
  });

  it('only the first refund after our read can be ours: a lookalike after another refund is not', () => {
    const after = payment(entry('op', 1_000), entry('console', 500, '콘솔 환불'), entry('late', 17_680, asked.reason));
    expect(refundFate(after, asked)).toEqual({ kind: 'superseded' });
  });

  it('the first is judged by time, whatever order the record lists them in', () => {
    const record = payment(
      entry('op', 1_000),
      entry('later', 500, '콘솔', 1_800_000_090),
      entry('ours', 17_680, '', 1_800_000_010),
    );
    expect(refundFate(record, asked)).toEqual({ kind: 'made', entry: 'ours' });
  });

  it('an entry without a provider number is keyed by when and how much', () => {
    expect(cancelEntryKey({ ...entry('', 500), cancelled_at: 42 })).toBe('42:500');
  });
});
