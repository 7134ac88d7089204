import 'server-only';
import { and, count, desc, eq, exists, inArray, not, type SQL } from 'drizzle-orm';
import { WITHDRAWN_NAME } from '@/lib/accounts/client';
import { cardLabel, findCard } from '@/lib/cards';
import { operatorConsentEntries } from '@/lib/consents';
import { auditLog, getDb, subscriptionCharges, subscriptions, users } from '@/lib/db';
import { notFound } from '@/lib/http';
import { IamportError, IamportNotFoundError, iamport } from '@/lib/iamport';
import type { Page } from '@/lib/ops/client/lists';
import type {
  ChargeView,
  ConsentWait,
  SubscriptionDetail,
  SubscriptionFilters,
  SubscriptionRow,
} from '@/lib/ops/client/subscriptions';
import {
  isLive,
  OPEN_CHARGE_STATUSES,
  type Subscription,
  type SubscriptionCharge,
  UNFINISHED_STATUSES,
} from '@/lib/subscriptions';
import { toAuditView } from '../payments/detail';
import { awaitingConsent, consentWaitsOf } from './consent-waits';

const openOf = (charges: SubscriptionCharge[]) =>
  charges.find((charge) => (OPEN_CHARGE_STATUSES as readonly string[]).includes(charge.status));

function toRow(
  subscription: Subscription,
  email: string,
  charges: SubscriptionCharge[],
  consentWait: ConsentWait | undefined,
): SubscriptionRow {
  const open = openOf(charges);
  return {
    id: subscription.id,
    number: subscription.number,
    planName: subscription.planName,
    amount: subscription.amount,
    status: subscription.status,
    customerEmail: email,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    openCharge: open
      ? { merchantUid: open.merchantUid, kind: open.kind, attempt: open.attempt, scheduleAt: open.scheduleAt }
      : null,
    endReason: subscription.endReason,
    consentWait: consentWait ?? null,
  };
}

const openChargeExists = (db: Awaited<ReturnType<typeof getDb>>) =>
  exists(
    db
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(
        and(
          eq(subscriptionCharges.subscriptionId, subscriptions.id),
          inArray(subscriptionCharges.status, [...OPEN_CHARGE_STATUSES]),
        ),
      ),
  );

export async function listSubscriptionsForOps(filters: SubscriptionFilters): Promise<Page<SubscriptionRow>> {
  const db = await getDb();
  const where: SQL[] = [];
  if (filters.email) where.push(eq(users.email, filters.email.toLowerCase()));
  if (filters.status) where.push(eq(subscriptions.status, filters.status));
  if (filters.missingBooking) {
    where.push(inArray(subscriptions.status, [...UNFINISHED_STATUSES]), not(openChargeExists(db)));
  }
  const waiting = filters.awaitingConsent && awaitingConsent(db, filters.awaitingConsent);
  if (waiting) where.push(waiting);
  const condition = where.length ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ subscription: subscriptions, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(condition)
      .orderBy(desc(subscriptions.createdAt))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(condition),
  ]);
  const ids = rows.map((row) => row.subscription.id);
  const charges = ids.length
    ? await db.query.subscriptionCharges.findMany({
        where: and(
          inArray(subscriptionCharges.subscriptionId, ids),
          inArray(subscriptionCharges.status, [...OPEN_CHARGE_STATUSES]),
        ),
      })
    : [];
  const waits = await consentWaitsOf(rows.map((row) => row.subscription));
  return {
    rows: rows.map(({ subscription, email }) =>
      toRow(
        subscription,
        email,
        charges.filter((charge) => charge.subscriptionId === subscription.id),
        waits.get(subscription.id),
      ),
    ),
    total: Number(counted?.total ?? 0),
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

const toChargeView = (charge: SubscriptionCharge): ChargeView => ({
  merchantUid: charge.merchantUid,
  impUid: charge.impUid,
  kind: charge.kind,
  attempt: charge.attempt,
  status: charge.status === 'paid' && charge.refundedAmount > 0 ? 'partially_refunded' : charge.status,
  amount: charge.amount,
  refundedAmount: charge.refundedAmount,
  periodStart: charge.periodStart,
  periodEnd: charge.periodEnd,
  scheduleAt: charge.scheduleAt,
  settledAt: charge.settledAt,
  failReason: charge.failReason,
});

async function readBookingView(charge: SubscriptionCharge | undefined): Promise<SubscriptionDetail['booking']> {
  if (!charge) return null;
  try {
    const schedule = await iamport().schedules.get({ merchant_uid: charge.merchantUid });
    return {
      merchantUid: charge.merchantUid,
      status: schedule.schedule_status,
      scheduleAt: schedule.schedule_at || null,
      amount: schedule.amount,
      paymentStatus: schedule.payment_status,
      failReason: schedule.fail_reason ?? null,
    };
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { merchantUid: charge.merchantUid, status: 'missing' };
    if (error instanceof IamportError) {
      return {
        merchantUid: charge.merchantUid,
        status: 'error',
        message: '결제 서비스의 예약을 지금 읽지 못했습니다.',
      };
    }
    throw error;
  }
}

/** One subscription for the console, with its booking read live from the service. */
export async function subscriptionDetailForOps(id: string): Promise<SubscriptionDetail> {
  const db = await getDb();
  const [found] = await db
    .select({ subscription: subscriptions, customer: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.id, id))
    .limit(1);
  if (!found) throw notFound('구독을 찾을 수 없습니다.');
  const { subscription, customer } = found;
  const charges = await db.query.subscriptionCharges.findMany({
    where: eq(subscriptionCharges.subscriptionId, id),
    orderBy: [desc(subscriptionCharges.createdAt)],
  });
  const card = await findCard(subscription.cardId);
  const open = openOf(charges);
  const [booking, audit, consents, waits] = await Promise.all([
    readBookingView(open),
    db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(desc(auditLog.at)).limit(100),
    operatorConsentEntries(customer.id),
    consentWaitsOf([subscription]),
  ]);
  const lastFailure = charges.find((charge) => charge.status === 'failed' && charge.kind !== 'first');
  const live = isLive(subscription);
  const bookingGone = booking?.status === 'missing' || booking?.status === 'revoked';
  return {
    subscription: {
      ...toRow(subscription, customer.email, charges, waits.get(subscription.id)),
      currentPeriodStart: subscription.currentPeriodStart,
      endedAt: subscription.endedAt,
      card: card ? cardLabel(card) : '카드',
      createdAt: subscription.createdAt.toISOString(),
      shipping: subscription.shipping,
    },
    customer: { email: customer.email, name: customer.name ?? WITHDRAWN_NAME },
    charges: charges.map(toChargeView),
    booking,
    dunning:
      subscription.status === 'past_due'
        ? {
            attempt: open?.kind === 'retry' ? open.attempt : (lastFailure?.attempt ?? 0) + 1,
            nextRetryAt: open?.kind === 'retry' ? open.scheduleAt : null,
            lastFailure: lastFailure?.failReason ?? null,
          }
        : null,
    audit: audit.map(toAuditView),
    consents,
    actions: {
      cancelAtPeriodEnd: live && !subscription.cancelAtPeriodEnd,
      cancelNow: live,
      retryNow: subscription.status === 'past_due' && open?.kind === 'retry' && open.status === 'scheduled',
      rebook: live && !subscription.cancelAtPeriodEnd && (!open || bookingGone),
    },
  };
}
