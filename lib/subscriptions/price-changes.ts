import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { User } from '@/lib/accounts/users';
import { type ConsentClient, recordConsent, sha256 } from '@/lib/consents/log';
import { getDb } from '@/lib/db/client';
import { planPrices, priceChangeRequests, subscriptions } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { iamport } from '@/lib/iamport';
import { MAX_WON } from '@/lib/shared/bounds';
import { formatDateTime, formatWon } from '@/lib/shared/format';
import type { PriceChangeSummary } from '@/lib/shared/subscriptions';
import { resumed, UNFINISHED_STATUSES } from './lifecycle';
import { bookRenewal, withdrawOpenCharge } from './manage';
import { findPlan } from './plans';
import { askConsent } from './price-gate';
import type { PlanPrice } from './prices';
import { openChargeOf, type Subscription, updateSubscription } from './repository';

/** The notice a price change needs before it applies (전자상거래법 시행령: advance notice and consent). */
export const PRICE_NOTICE_DAYS = 30;
const DAY = 86_400;
export const PRICE_CHANGE_TERMS_VERSION = 'price-change-2026-11-v1';

export type PriceChangeRequest = typeof priceChangeRequests.$inferSelect;

const refusePrice = (code: string, message: string, status = 422) => new AppError(status, code, message);

/**
 * A new price for a plan from `effectiveFrom` (service clock), at least 30 days ahead. Every live
 * subscriber paying another price is asked once for consent; a renewal already booked for a time
 * the new price applies is taken back and decided again (without consent: not booked).
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
    await askConsent(subscription, price, now);
    await redecideBooking(subscription, effectiveFrom);
  }
  return price;
}

/** A booking at the old price for a time the new price applies is taken back and decided again. */
async function redecideBooking(subscription: Subscription, effectiveFrom: number) {
  const open = await openChargeOf(subscription.id);
  if (!open || (open.scheduleAt ?? 0) < effectiveFrom) return;
  if (!(await withdrawOpenCharge(open))) return;
  if (subscription.status === 'active' && !subscription.cancelAtPeriodEnd) await bookRenewal(subscription);
}

/** The text a subscriber agrees to, rendered here from the request (its hash goes into the log). */
export function priceChangeText(request: PriceChangeRequest, planName: string): string[] {
  return [
    `요금제: ${planName}`,
    `현재 가격: ${formatWon(request.oldAmount)}`,
    `바뀌는 가격: ${formatWon(request.newAmount)}`,
    `적용 시점: ${formatDateTime(request.effectiveFrom)} 이후 첫 정기결제부터`,
    '동의하지 않으면 지금 이용 기간이 끝날 때 구독이 종료되며, 바뀐 가격으로 결제되지 않습니다.',
    '바뀐 가격으로 정기결제(자동결제)하는 데 동의합니다',
  ];
}

/** The user's price changes still waiting for their consent (the banner and the page). */
export async function pendingPriceChanges(userId: string): Promise<PriceChangeSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({ request: priceChangeRequests, subscription: subscriptions })
    .from(priceChangeRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, priceChangeRequests.subscriptionId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(priceChangeRequests.status, 'requested'),
        inArray(subscriptions.status, [...UNFINISHED_STATUSES]),
      ),
    );
  return rows.map(({ request, subscription }) => ({
    id: request.id,
    subscriptionId: subscription.id,
    planName: subscription.planName,
    oldAmount: request.oldAmount,
    newAmount: request.newAmount,
    effectiveFrom: request.effectiveFrom,
    endsAt: request.withheld ? subscription.currentPeriodEnd : null,
    text: priceChangeText(request, subscription.planName),
  }));
}

/**
 * The subscriber's consent to a new price: logged with the hash of the text rendered here, and a
 * renewal that was withheld for want of it is booked again — at the new price — while the paid
 * period still runs.
 */
export async function acceptPriceChange(user: User, requestId: string, consent: unknown, client?: ConsentClient) {
  const given = consent as { agreed?: unknown } | null | undefined;
  if (given?.agreed !== true) throw refusePrice('consent_required', '바뀐 가격에 동의해야 계속 이용할 수 있습니다.');
  const db = await getDb();
  const [row] = await db
    .select({ request: priceChangeRequests, subscription: subscriptions })
    .from(priceChangeRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, priceChangeRequests.subscriptionId))
    .where(and(eq(priceChangeRequests.id, requestId), eq(subscriptions.userId, user.id)));
  if (!row) throw refusePrice('price_change_not_found', '가격 변경 안내를 찾을 수 없습니다.', 404);
  const { request, subscription } = row;
  if (request.status === 'accepted') return;
  const now = await iamport().serviceNow({ fresh: true });
  const text = priceChangeText(request, subscription.planName);
  await db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(priceChangeRequests)
      .set({ status: 'accepted', acceptedAt: now })
      .where(and(eq(priceChangeRequests.id, request.id), eq(priceChangeRequests.status, 'requested')))
      .returning();
    if (!accepted) return;
    await recordConsent(
      {
        userId: user.id,
        kind: 'price_change',
        termsVersion: PRICE_CHANGE_TERMS_VERSION,
        textSha256: sha256([PRICE_CHANGE_TERMS_VERSION, ...text].join('\n')),
        amount: request.newAmount,
        cycle: findPlan(subscription.planId)?.periodLabel,
        subjectId: request.id,
        givenAt: now,
        client,
      },
      tx,
    );
  });
  const periodRuns = subscription.currentPeriodEnd !== null && now < subscription.currentPeriodEnd;
  if (request.withheld && subscription.status === 'active' && subscription.cancelAtPeriodEnd && periodRuns) {
    const renewing = await updateSubscription(subscription.id, resumed(), ['active']);
    if (renewing) await bookRenewal(renewing);
  }
}
