import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Operator } from '@/lib/audit';
import { type AuditAction, appendAudit } from '@/lib/audit';
import { getDb, orders } from '@/lib/db';
import { enqueueMail, type Mail } from '@/lib/mail';
import type { Order } from './orders';

export interface OrderStep {
  /** What the step changes. */
  set: Partial<Order>;
  /** Where the step may follow from (besides the order's id): the conditional update's guard. */
  from: (SQL | undefined)[];
  /** The customer's mail of the step, if any. */
  mail?: (row: Order) => Mail;
  actor: Pick<Operator, 'id' | 'email'>;
  audit: (row: Order) => Omit<AuditAction, 'targetType' | 'targetId'>;
}

/**
 * One step on an order (a fulfilment step, a return asked for or declined): one conditional update,
 * committed with its mail and its audit row. Answers the order after it, or undefined when the
 * update matched nothing — another step came first, and the caller says which refusal that is.
 */
export async function stepOrder(orderId: string, step: OrderStep): Promise<Order | undefined> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ ...step.set, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), ...step.from))
      .returning();
    if (!row) return undefined;
    if (step.mail) await enqueueMail(tx, step.mail(row));
    await appendAudit(tx, step.actor, { targetType: 'order', targetId: row.merchantUid, ...step.audit(row) });
    return row;
  });
}
