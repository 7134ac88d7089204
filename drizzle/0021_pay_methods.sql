ALTER TABLE "cards" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vbank_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vbank_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vbank_num" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vbank_holder" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vbank_due" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_bank" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_account" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_holder" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_receipt_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_receipt_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_receipt_identifier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_receipt_apply_num" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_bank" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_account" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_holder" text;--> statement-breakpoint
-- hand-written: barcode orders were paid at a store counter.
UPDATE "orders" SET "pay_method" = 'cvs' WHERE "method" = 'cvs';
