import 'server-only';
import { and, desc, eq, gte, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { appendAudit, kstDayStart } from '@/lib/audit';
import { getDb, orders, webhookDeliveries } from '@/lib/db';
import { AppError, notFound } from '@/lib/http';
import { IamportWebhookError, parseWebhookBody, type WebhookHint } from '@/lib/iamport';
import type { WebhookDeliveryView } from '@/lib/ops/client/webhooks';
import type { PayMethod } from '@/lib/payments/client';
import { act, actV2 } from '@/lib/webhooks';
import type { Operator } from '../operators';

type Delivery = typeof webhookDeliveries.$inferSelect;

export const toDeliveryView = (row: Delivery, payMethod: PayMethod | null = null): WebhookDeliveryView => ({
  id: row.id,
  receivedAt: row.receivedAt.toISOString(),
  impUid: row.impUid,
  merchantUid: row.hint?.merchant_uid ?? null,
  status: row.hint?.status ?? null,
  body: row.body,
  outcome: row.outcome,
  processedAt: row.processedAt?.toISOString() ?? null,
  payMethod,
});

/** The order a delivery named, for its method. */
const namedOrder = eq(orders.merchantUid, sql`${webhookDeliveries.hint}->>'merchant_uid'`);

export interface DeliveryFilters {
  /** An imp_uid or merchant_uid. */
  payment?: string;
  /** `error`, `ignored` or `ok` (acted on). */
  outcome?: 'ok' | 'ignored' | 'error';
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export async function listDeliveries(
  filters: DeliveryFilters,
): Promise<{ rows: WebhookDeliveryView[]; total: number }> {
  const where: (SQL | undefined)[] = [];
  if (filters.payment) {
    where.push(
      or(
        eq(webhookDeliveries.impUid, filters.payment),
        sql`${webhookDeliveries.hint}->>'merchant_uid' = ${filters.payment}`,
      ),
    );
  }
  if (filters.outcome === 'error') where.push(like(webhookDeliveries.outcome, 'error:%'));
  if (filters.outcome === 'ignored') where.push(like(webhookDeliveries.outcome, 'ignored:%'));
  if (filters.outcome === 'ok') {
    where.push(and(not(like(webhookDeliveries.outcome, 'error:%')), not(like(webhookDeliveries.outcome, 'ignored:%'))));
  }
  if (filters.from) where.push(gte(webhookDeliveries.receivedAt, kstDayStart(filters.from)));
  if (filters.to) where.push(lt(webhookDeliveries.receivedAt, kstDayStart(filters.to, 1)));
  const condition = where.length ? and(...where) : undefined;
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, payMethod: orders.payMethod })
      .from(webhookDeliveries)
      .leftJoin(orders, namedOrder)
      .where(condition)
      .orderBy(desc(webhookDeliveries.receivedAt))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.$count(webhookDeliveries, condition),
  ]);
  return { rows: rows.map(({ delivery, payMethod }) => toDeliveryView(delivery, payMethod)), total };
}

/** Deliveries that named a payment (by imp_uid or merchant_uid), newest first. */
export async function deliveriesNaming(impUid: string | null, merchantUid: string): Promise<WebhookDeliveryView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      or(
        impUid ? eq(webhookDeliveries.impUid, impUid) : undefined,
        sql`${webhookDeliveries.hint}->>'merchant_uid' = ${merchantUid}`,
      ),
    )
    .orderBy(desc(webhookDeliveries.receivedAt))
    .limit(50);
  return rows.map((row) => toDeliveryView(row));
}

/** A delivery of a V2 notice (recorded by lib/webhooks/receive-v2 with `api: 'v2'` in its body). */
function isV2(delivery: Delivery): boolean {
  try {
    return (JSON.parse(delivery.body) as { api?: unknown }).api === 'v2';
  } catch {
    return false;
  }
}

/** The notice a delivery recorded (its body holds the parsed hint, never the raw body). */
function noticeOf(delivery: Delivery): WebhookHint {
  try {
    return parseWebhookBody(delivery.body, 'application/json');
  } catch (error) {
    if (!(error instanceof IamportWebhookError)) throw error;
    throw new AppError(409, 'not_a_notice', '결제 알림이 아닌 수신 기록은 다시 처리할 수 없습니다.');
  }
}

/**
 * Runs the webhook's handler again for a recorded delivery (idempotent: the payment is read back
 * and settled through the same once-only paths). The delivery's outcome and the audit row are
 * written together.
 */
export async function processAgain(operator: Operator, id: string): Promise<WebhookDeliveryView> {
  const db = await getDb();
  const delivery = await db.query.webhookDeliveries.findFirst({ where: eq(webhookDeliveries.id, id) });
  if (!delivery) throw notFound('웹훅 수신 기록을 찾을 수 없습니다.');
  const notice = noticeOf(delivery);
  const { outcome } = isV2(delivery) ? await actV2(notice.imp_uid) : await act(notice);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ outcome, processedAt: new Date() })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    await appendAudit(tx, operator, {
      action: 'webhook.process',
      targetType: 'webhook_delivery',
      targetId: id,
      note: delivery.hint?.merchant_uid ?? null,
      result: outcome,
    });
    const merchantUid = delivery.hint?.merchant_uid;
    const [order] = merchantUid
      ? await tx.select({ payMethod: orders.payMethod }).from(orders).where(eq(orders.merchantUid, merchantUid))
      : [];
    return toDeliveryView(updated ?? delivery, order?.payMethod ?? null);
  });
}
