// The audit log is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused by
// a trigger, whoever asks (the app, a migration, a shell).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/lib/db/schema';
import { setupTestDatabase } from '@/test/db';
import { appendAudit, listAudit } from './audit';

const database = setupTestDatabase();
const operator = { id: '00000000-0000-4000-8000-000000000001', email: 'kim@shop.example' };

describe('audit log', () => {
  it('appends, lists newest first with filters, and refuses every edit', async () => {
    const db = database.current().db;
    await appendAudit(db, operator, {
      action: 'payment.refund',
      targetType: 'order',
      targetId: 'ord_a',
      amount: 3000,
      reason: 'customer_request',
      result: 'refunded 3000',
    });
    await appendAudit(db, operator, {
      action: 'reconciliation.run',
      targetType: 'reconciliation',
      targetId: 'run-1',
      result: 'done',
    });
    const all = await listAudit({ page: 1, pageSize: 10 });
    expect(all.total).toBe(2);
    expect(all.rows.map((row) => row.action).sort()).toEqual(['payment.refund', 'reconciliation.run']);
    const refunds = await listAudit({
      action: 'payment.refund',
      target: 'ord_a',
      operator: 'KIM@shop.example',
      page: 1,
      pageSize: 10,
    });
    expect(refunds.rows).toHaveLength(1);
    expect(refunds.rows[0]).toMatchObject({ amount: 3000, operatorEmail: 'kim@shop.example' });

    await expect(db.update(auditLog).set({ amount: 1 }).where(eq(auditLog.targetId, 'ord_a'))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.targetId, 'ord_a'))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await listAudit({ page: 1, pageSize: 10 })).rows.find((row) => row.targetId === 'ord_a')?.amount).toBe(
      3000,
    );
  });
});
