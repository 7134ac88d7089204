ALTER TABLE "orders" ADD COLUMN "order_number" text;--> statement-breakpoint
-- Orders from before: numbered by their Korean day in the order they were made (new ones draw a random number).
UPDATE "orders" SET "order_number" = numbered."number" FROM (
  SELECT "id", to_char("created_at" AT TIME ZONE 'Asia/Seoul', 'YYMMDD') || '-' ||
    lpad((row_number() OVER (PARTITION BY to_char("created_at" AT TIME ZONE 'Asia/Seoul', 'YYMMDD') ORDER BY "created_at", "id"))::text, 6, '0') AS "number"
  FROM "orders"
) AS numbered WHERE numbered."id" = "orders"."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'ordered' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preparing_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_requested_at" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_fee" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_decline_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_decided_at" bigint;--> statement-breakpoint
CREATE INDEX "orders_fulfilment_idx" ON "orders" USING btree ("fulfilment");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_unique" UNIQUE("order_number");