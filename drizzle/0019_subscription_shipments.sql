CREATE SEQUENCE "public"."subscription_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "subscription_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"charge_id" uuid,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"product_name" text NOT NULL,
	"period_start" bigint,
	"period_end" bigint,
	"shipping" jsonb NOT NULL,
	"fulfilment" text DEFAULT 'ordered' NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"preparing_at" bigint,
	"shipped_at" bigint,
	"delivered_at" bigint,
	"cancelled_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_shipments_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "subscription_shipments_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "number" text DEFAULT ('S' || to_char(now() AT TIME ZONE 'Asia/Seoul', 'YYMMDD') || '-' || lpad(mod(nextval('subscription_number_seq') * 738421, 1000000)::text, 6, '0')) NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_shipments" ADD CONSTRAINT "subscription_shipments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_shipments" ADD CONSTRAINT "subscription_shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_shipments" ADD CONSTRAINT "subscription_shipments_charge_id_subscription_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."subscription_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_shipments_sequence" ON "subscription_shipments" USING btree ("subscription_id","sequence");--> statement-breakpoint
CREATE INDEX "subscription_shipments_fulfilment_idx" ON "subscription_shipments" USING btree ("fulfilment");--> statement-breakpoint
CREATE INDEX "subscription_shipments_user_idx" ON "subscription_shipments" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_number_unique" UNIQUE("number");--> statement-breakpoint
-- hand-written:
-- Subscriptions from before are numbered on the Korean day they started (the default used today's).
UPDATE "subscriptions" SET "number" = 'S' || to_char("created_at" AT TIME ZONE 'Asia/Seoul', 'YYMMDD') || substr("number", 8);--> statement-breakpoint
-- The running period of each live goods subscription (paid before shipments were recorded) gets its
-- box, to ship from the console's queue; its sequence counts the periods paid so far.
INSERT INTO "subscription_shipments" ("subscription_id", "user_id", "charge_id", "kind", "sequence", "number", "product_name", "period_start", "period_end", "shipping")
SELECT s."id", s."user_id", c."id", 'period', n."paid", s."number" || '-' || n."paid", s."plan_name" || ' ' || n."paid" || '회차', c."period_start", c."period_end", s."shipping"
  FROM "subscriptions" s
  JOIN "subscription_charges" c ON c."subscription_id" = s."id" AND c."status" = 'paid' AND c."period_end" = s."current_period_end"
  CROSS JOIN LATERAL (
    SELECT count(*)::integer AS "paid" FROM "subscription_charges" p
     WHERE p."subscription_id" = s."id" AND p."status" = 'paid' AND p."period_start" <= c."period_start"
  ) n
 WHERE s."plan_id" IN ('monthly-beans', 'tasting-club') AND s."status" IN ('active', 'past_due') AND s."shipping" IS NOT NULL;
