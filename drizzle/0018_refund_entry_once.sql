-- hand-written:
-- The double-refund bug let two promises claim one cancel_history entry (both `made`). The earliest
-- keeps it; each later one was never a refund of its own: it is marked failed as a superseded promise
-- is (its entry cleared, so the index below holds), and the audit log says so.
WITH "later" AS (
  SELECT "id", "entry", "keeper" FROM (
    SELECT "id", "entry",
      first_value("id") OVER w AS "keeper",
      row_number() OVER w AS "n"
    FROM "refunds" WHERE "entry" IS NOT NULL
    WINDOW w AS (PARTITION BY "imp_uid", "entry" ORDER BY "requested_at", "created_at", "id")
  ) "ranked" WHERE "n" > 1
), "marked" AS (
  UPDATE "refunds" r SET "status" = 'failed', "entry" = NULL, "resolved_at" = coalesce(r."resolved_at", r."requested_at"),
    "failure" = '다른 환불이 먼저 이루어져 이 환불은 하지 않았습니다.'
  FROM "later" l WHERE r."id" = l."id"
  RETURNING r."id", r."imp_uid", r."merchant_uid", r."amount", l."entry", l."keeper"
)
INSERT INTO "audit_log" ("operator_id", "operator_email", "action", "target_type", "target_id", "amount", "note", "result")
SELECT '00000000-0000-0000-0000-000000000000', 'migration', 'payment.refund_failed', 'payment', m."merchant_uid", m."amount",
  'migration 0018: refund ' || m."id" || ' claimed cancel_history entry ' || m."entry" || ' of ' || m."imp_uid" || ', which refund ' || m."keeper" || ' holds',
  'not refunded: 다른 환불이 먼저 이루어져 이 환불은 하지 않았습니다.'
FROM "marked" m;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_promise_per_entry" ON "refunds" USING btree ("imp_uid","entry") WHERE "refunds"."entry" is not null;
