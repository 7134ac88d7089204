import { describe, expect, it } from 'vitest';
import {
  chargesAgain,
  dunned,
  ended,
  endsWithoutCharge,
  hasAccess,
  isEnded,
  isLive,
  renewed,
  resumed,
  stopping,
} from './lifecycle';

const DAY = 86_400;
const month = { seconds: 30 * DAY };
const active = {
  status: 'active' as const,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: 30 * DAY,
  endReason: null,
  amount: 19_900,
  billingAnchor: 0,
};
const renewal = { kind: 'renewal' as const, attempt: 0, periodStart: 30 * DAY, periodEnd: 60 * DAY, amount: 19_900 };

describe('predicates', () => {
  it('live is active or past_due; ended is cancelled or failed; incomplete is neither', () => {
    expect(
      ['active', 'past_due', 'incomplete', 'cancelled', 'failed'].map((status) => isLive({ status: status as never })),
    ).toEqual([true, true, false, false, false]);
    expect(isEnded({ status: 'failed' })).toBe(true);
    expect(isEnded({ status: 'incomplete' })).toBe(false);
  });

  it('access: while live, and for one set to stop until its paid period ends; never once ended', () => {
    expect(hasAccess(active, DAY)).toBe(true);
    expect(hasAccess({ ...active, status: 'past_due' }, 40 * DAY)).toBe(true);
    expect(hasAccess({ ...active, cancelAtPeriodEnd: true }, 30 * DAY - 1)).toBe(true);
    expect(hasAccess({ ...active, cancelAtPeriodEnd: true }, 30 * DAY)).toBe(false);
    expect(hasAccess({ ...active, status: 'cancelled' }, DAY)).toBe(false);
  });

  it('charges again unless ended or set to stop; a first charge under way counts', () => {
    expect(chargesAgain(active)).toBe(true);
    expect(chargesAgain({ ...active, status: 'incomplete' })).toBe(true);
    expect(chargesAgain({ ...active, ...stopping('price_declined') })).toBe(false);
    expect(chargesAgain({ ...active, status: 'cancelled' })).toBe(false);
  });
});

describe('transitions', () => {
  it('renewed: the later period wins and the next is booked; set to stop, nothing is booked and the reason stays', () => {
    const next = renewed(active, renewal, 30 * DAY, month);
    expect(next.change).toMatchObject({ status: 'active', currentPeriodEnd: 60 * DAY, endReason: null });
    expect(next.book).toMatchObject({ kind: 'renewal', periodStart: 60 * DAY, scheduleAt: 60 * DAY, amount: 19_900 });
    const stopped = renewed({ ...active, ...stopping('price_declined') }, renewal, 30 * DAY, month);
    expect(stopped.book).toBeUndefined();
    expect(stopped.change).toMatchObject({ cancelAtPeriodEnd: true, endReason: 'price_declined' });
    // An earlier period paid late does not shorten the current one.
    expect(
      renewed({ ...active, currentPeriodEnd: 90 * DAY }, renewal, 0, month).change.currentPeriodEnd,
    ).toBeUndefined();
  });

  it('renewed: a period that follows keeps the anchor; one that starts elsewhere moves it there', () => {
    const kst = (iso: string) => Date.parse(`${iso}+09:00`) / 1000;
    const monthly = { months: 1 };
    const anchor = kst('2026-01-31T09:00:00');
    const feb = { ...renewal, periodStart: anchor, periodEnd: kst('2026-02-28T09:00:00') };
    const onTime = renewed({ ...active, currentPeriodEnd: anchor, billingAnchor: anchor }, feb, anchor, monthly);
    expect(onTime.change.billingAnchor).toBe(anchor);
    expect(onTime.book?.periodEnd).toBe(kst('2026-03-31T09:00:00'));
    const late = { ...feb, periodStart: kst('2026-02-03T10:00:00'), periodEnd: kst('2026-03-03T10:00:00') };
    const moved = renewed(
      { ...active, currentPeriodEnd: anchor, billingAnchor: anchor },
      late,
      late.periodStart,
      monthly,
    );
    expect(moved.change.billingAnchor).toBe(late.periodStart);
    expect(moved.book?.periodEnd).toBe(kst('2026-04-03T10:00:00'));
  });

  it('dunned: retries on the days given, then ends for payment_failed; set to stop, it ends with its own reason', () => {
    const first = dunned(active, renewal, 30 * DAY, [1, 3]);
    expect(first.change).toEqual({ status: 'past_due' });
    expect(first.book).toEqual({ ...renewal, kind: 'retry', attempt: 1, scheduleAt: 31 * DAY });
    const last = dunned({ ...active, status: 'past_due' }, { ...renewal, kind: 'retry', attempt: 2 }, 33 * DAY, [1, 3]);
    expect(last.change).toEqual({ status: 'cancelled', endReason: 'payment_failed', endedAt: 33 * DAY });
    expect(dunned({ ...active, ...stopping('price_declined') }, renewal, 30 * DAY, [1, 3]).change.endReason).toBe(
      'price_declined',
    );
    expect(dunned({ ...active, status: 'incomplete' }, { ...renewal, kind: 'first' }, 0, [1]).change).toEqual({
      status: 'failed',
    });
  });

  it('ends without a charge: in dunning now; set to stop at its period end, with its reason', () => {
    expect(endsWithoutCharge(active, DAY)).toBeUndefined();
    expect(endsWithoutCharge({ ...active, status: 'past_due' }, DAY)).toMatchObject({ endReason: 'payment_failed' });
    expect(endsWithoutCharge({ ...active, ...stopping('customer') }, 31 * DAY)).toEqual({
      status: 'cancelled',
      endReason: 'customer',
      endedAt: 30 * DAY,
    });
  });

  it('ended, stopping and resumed are the changes the repository writes', () => {
    expect(ended('refunded', 5)).toEqual({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      endReason: 'refunded',
      endedAt: 5,
    });
    expect(resumed()).toEqual({ cancelAtPeriodEnd: false, endReason: null });
  });
});
