ALTER TABLE "orders" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collect_by" integer;