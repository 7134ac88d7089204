CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"imp_uid" text NOT NULL,
	"merchant_uid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"operator_id" uuid,
	"operator_email" text,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"checksum" integer NOT NULL,
	"known_entries" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"entry" text,
	"failure" text,
	"requested_at" bigint NOT NULL,
	"resolved_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_merchant_uid_idx" ON "refunds" USING btree ("merchant_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_requested_per_payment" ON "refunds" USING btree ("imp_uid") WHERE "refunds"."status" = 'requested';--> statement-breakpoint
-- Cancel-now refunds asked before this table: made when the charge records at least their amount,
-- else shown to operators as failed (never asked again: what the record held before is unknown).
INSERT INTO "refunds" ("imp_uid", "merchant_uid", "user_id", "origin", "amount", "reason", "checksum", "known_entries", "status", "failure", "requested_at", "resolved_at")
SELECT c."imp_uid", c."merchant_uid", s."user_id", 'cancel_now', c."refund_requested", '정기구독 즉시 해지: 남은 기간 환불', 0, '[]'::jsonb,
  CASE WHEN c."refunded_amount" >= c."refund_requested" THEN 'made' ELSE 'failed' END,
  CASE WHEN c."refunded_amount" >= c."refund_requested" THEN NULL ELSE 'asked before the refunds table; check the payment at the service' END,
  coalesce(c."settled_at", 0), coalesce(c."settled_at", 0)
FROM "subscription_charges" c JOIN "subscriptions" s ON s."id" = c."subscription_id"
WHERE c."refund_requested" IS NOT NULL AND c."imp_uid" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" DROP COLUMN "refund_requested";