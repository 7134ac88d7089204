import 'server-only';
import { and, desc, eq, lte } from 'drizzle-orm';
import { getDb, planPrices } from '@/lib/db';
import type { Plan } from '@/lib/subscriptions/subscription-view';
import { isCalendarDay } from '@/lib/values/client';
import { periodEnd } from './periods';
import { findPlan, offeredPlans, type PlanDefinition, toPlan } from './plans';

export type PlanPrice = typeof planPrices.$inferSelect;

/** The price version of a plan in force at `at` (service clock). */
export async function priceAt(planId: string, at: number): Promise<PlanPrice | undefined> {
  const db = await getDb();
  return db.query.planPrices.findFirst({
    where: and(eq(planPrices.planId, planId), lte(planPrices.effectiveFrom, at)),
    orderBy: [desc(planPrices.effectiveFrom), desc(planPrices.version)],
  });
}

/** Every price version of a plan, oldest first. */
export async function priceVersions(planId: string): Promise<PlanPrice[]> {
  const db = await getDb();
  return db.query.planPrices.findMany({ where: eq(planPrices.planId, planId), orderBy: [planPrices.version] });
}

/** What a plan costs at `at`: the catalogue's version in force, else the launch price in code. */
export async function amountAt(plan: PlanDefinition, at: number): Promise<number> {
  return (await priceAt(plan.id, at))?.amount ?? plan.price;
}

/** The plans on offer with today's prices (service clock). */
export async function catalogue(at: number): Promise<Plan[]> {
  return Promise.all(offeredPlans().map(async (plan) => ({ ...toPlan(plan), price: await amountAt(plan, at) })));
}

/** A calendar day in Korea (YYYY-MM-DD, 2000–2099) → its first second, UNIX seconds; undefined if not such a day. */
export function kstDayStart(day: string): number | undefined {
  if (!isCalendarDay(day)) return undefined;
  return Date.parse(`${day}T00:00:00+09:00`) / 1000;
}

/**
 * When a subscriber first pays a price in force from `effectiveFrom`: the first of their period
 * boundaries (renewals, on the billing anchor's grid) at or after it — the date their price changes.
 */
export function changeDateOf(
  subscription: { planId: string; currentPeriodEnd: number | null; billingAnchor: number | null },
  effectiveFrom: number,
): number {
  const period = findPlan(subscription.planId)?.period;
  let at = subscription.currentPeriodEnd ?? effectiveFrom;
  const anchor = subscription.billingAnchor ?? at;
  for (let i = 0; period && at < effectiveFrom && i < 10_000; i++) at = periodEnd(at, period, anchor);
  return at < effectiveFrom ? effectiveFrom : at;
}
