CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agreed" boolean DEFAULT true NOT NULL,
	"terms_version" text NOT NULL,
	"text_sha256" text NOT NULL,
	"amount" integer,
	"cycle" text,
	"subject_id" text,
	"given_at" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" text NOT NULL,
	"version" integer NOT NULL,
	"amount" integer NOT NULL,
	"effective_from" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"plan_price_id" uuid NOT NULL,
	"old_amount" integer NOT NULL,
	"new_amount" integer NOT NULL,
	"effective_from" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"withheld" boolean DEFAULT false NOT NULL,
	"requested_at" integer NOT NULL,
	"accepted_at" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "receipt_url" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "refund_requested" integer;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_change_requests" ADD CONSTRAINT "price_change_requests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_requests" ADD CONSTRAINT "price_change_requests_plan_price_id_plan_prices_id_fk" FOREIGN KEY ("plan_price_id") REFERENCES "public"."plan_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","given_at");--> statement-breakpoint
CREATE INDEX "consents_subject_idx" ON "consents" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_prices_plan_version" ON "plan_prices" USING btree ("plan_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "price_change_requests_once" ON "price_change_requests" USING btree ("subscription_id","plan_price_id");--> statement-breakpoint
-- The consent log is proof: no row is ever changed or removed (TRUNCATE, an administrator's reset, is not a row change).
CREATE FUNCTION "consents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'consents are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "consents_append_only" BEFORE UPDATE OR DELETE ON "consents" FOR EACH ROW EXECUTE FUNCTION "consents_append_only"();--> statement-breakpoint
-- The launch prices: version 1 of each plan, in force from the start.
INSERT INTO "plan_prices" ("plan_id", "version", "amount", "effective_from") VALUES ('monthly-beans', 1, 19900, 0), ('hourly-demo', 1, 1000, 0), ('tasting-club', 1, 24900, 0);
