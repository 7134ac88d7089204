import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, planPrices, type priceChangeRequests, subscriptions } from '@/lib/db';
import { AppError } from '@/lib/http';
import { iamport } from '@/lib/iamport';
import { enqueueMail, priceChangeNotice } from '@/lib/mail';
import { formatDateTime, formatWon, MAX_WON } from '@/lib/values/client';
import { UNFINISHED_STATUSES } from './lifecycle';
import { bookRenewal, withdrawOpenCharge } from './manage';
import { findPlan } from './plans';
import { askConsent } from './price-gate';
import { changeDateOf, type PlanPrice } from './prices';
import { openChargeOf, type Subscription } from './repository';

/** The notice a price change needs before it applies (전자상거래법 시행령: advance notice and consent). */
export const PRICE_NOTICE_DAYS = 30;
const DAY = 86_400;
// v2 (issue 33): the date of the subscriber's first charge at the new price, the card, how to cancel.
export const PRICE_CHANGE_TERMS_VERSION = 'price-change-2026-12-v2';

export type PriceChangeRequest = typeof priceChangeRequests.$inferSelect;

const refusePrice = (code: string, message: string, status = 422) => new AppError(status, code, message);

/**
 * A new price for a plan from `effectiveFrom` (service clock), at least 30 days ahead. Every live
 * subscriber who would pay more is told now and asked for consent inside the 30 days before their
 * first charge at it (price-gate.ts); one who would pay less is told, and it applies. A renewal
 * already booked for a period the new price applies to is taken back and decided again (a rise
 * without consent: not booked).
 */
export async function setPlanPrice(planId: string, amount: number, effectiveFrom: number): Promise<PlanPrice> {
  if (!findPlan(planId)) throw refusePrice('unknown_plan', `요금제를 찾을 수 없습니다: ${planId}`, 404);
  if (!Number.isInteger(amount) || amount < 100 || amount > MAX_WON)
    throw refusePrice('bad_amount', '가격은 100원 이상의 정수여야 합니다.');
  const now = await iamport().serviceNow({ fresh: true });
  if (effectiveFrom < now + PRICE_NOTICE_DAYS * DAY) {
    throw refusePrice(
      'notice_too_short',
      `가격 변경은 적용일 ${PRICE_NOTICE_DAYS}일 전까지 알려야 합니다 (가장 빠른 적용일: ${formatDateTime(now + PRICE_NOTICE_DAYS * DAY)}).`,
    );
  }
  const db = await getDb();
  const price = await db.transaction(async (tx) => {
    // Versions are numbered per plan; the lock keeps two commands from taking the same number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plan-price:${planId}`}))`);
    const [latest] = await tx
      .select({ version: planPrices.version })
      .from(planPrices)
      .where(eq(planPrices.planId, planId))
      .orderBy(desc(planPrices.version))
      .limit(1);
    const [row] = await tx
      .insert(planPrices)
      .values({ planId, version: (latest?.version ?? 0) + 1, amount, effectiveFrom })
      .returning();
    if (!row) throw new Error('price not inserted');
    return row;
  });
  const live = await db.query.subscriptions.findMany({
    where: and(eq(subscriptions.planId, planId), inArray(subscriptions.status, [...UNFINISHED_STATUSES])),
  });
  for (const subscription of live) {
    if (subscription.amount === amount) continue;
    // A rise is asked for (inside its window); a fall applies by itself, and a mail says so.
    if (amount > subscription.amount) await askConsent(subscription, price, now);
    else {
      const changesAt = changeDateOf(subscription, effectiveFrom);
      const change = { requestId: null, priceId: price.id, newAmount: amount, effectiveFrom, changesAt };
      await enqueueMail(db, priceChangeNotice(subscription, change, 'lowered', now));
    }
    await redecideBooking(subscription, effectiveFrom);
  }
  return price;
}

/** A booking at the old price for a period the new price applies to is taken back and decided again. */
async function redecideBooking(subscription: Subscription, effectiveFrom: number) {
  const open = await openChargeOf(subscription.id);
  if (!open || (open.periodStart ?? open.scheduleAt ?? 0) < effectiveFrom) return;
  if (!(await withdrawOpenCharge(open))) return;
  if (subscription.status === 'active' && !subscription.cancelAtPeriodEnd) await bookRenewal(subscription);
}

/** The text a subscriber agrees to, rendered here from the request (its hash goes into the log). */
export function priceChangeText(
  request: PriceChangeRequest,
  planName: string,
  changesAt: number,
  means: string,
): string[] {
  return [
    `요금제: ${planName}`,
    `현재 가격: ${formatWon(request.oldAmount)}`,
    `바뀌는 가격: ${formatWon(request.newAmount)}`,
    `바뀐 가격의 첫 결제: ${formatDateTime(changesAt)} (이후 같은 주기로 자동 결제)`,
    `${means} (내 계정 > 정기구독에서 바꿀 수 있습니다)`,
    '해지 방법: 내 계정 > 정기구독에서 언제든 해지할 수 있습니다.',
    '동의하지 않으면 지금 이용 기간이 끝날 때 구독이 종료되며, 바뀐 가격으로 결제되지 않습니다.',
    '바뀐 가격으로 정기결제(자동결제)하는 데 동의합니다',
  ];
}
