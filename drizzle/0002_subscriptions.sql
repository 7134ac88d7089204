CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"merchant_uid" text NOT NULL,
	"kind" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"period_start" integer,
	"period_end" integer,
	"schedule_at" integer,
	"amount" integer NOT NULL,
	"customer_uid" text NOT NULL,
	"status" text NOT NULL,
	"imp_uid" text,
	"fail_reason" text,
	"settled_at" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_merchant_uid_unique" UNIQUE("merchant_uid")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"amount" integer NOT NULL,
	"card_id" uuid NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" integer,
	"current_period_end" integer,
	"ended_at" integer,
	"end_reason" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_idx" ON "subscription_charges" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_one_open" ON "subscription_charges" USING btree ("subscription_id") WHERE "subscription_charges"."status" in ('to_book', 'scheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_once_per_period_attempt" ON "subscription_charges" USING btree ("subscription_id","period_start","attempt") WHERE "subscription_charges"."kind" <> 'first' and "subscription_charges"."status" <> 'revoked';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_idempotency_key" ON "subscriptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_plan" ON "subscriptions" USING btree ("user_id","plan_id") WHERE "subscriptions"."status" in ('incomplete', 'active', 'past_due');--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status");