CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_uid" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"registered_via" text,
	"card_name" text,
	"card_number_masked" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_customer_uid_unique" UNIQUE("customer_uid")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_uid" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"card_id" uuid,
	"status" text DEFAULT 'created' NOT NULL,
	"idempotency_key" text,
	"imp_uid" text,
	"fail_reason" text,
	"receipt_url" text,
	"card_label" text,
	"paid_at" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_merchant_uid_unique" UNIQUE("merchant_uid"),
	CONSTRAINT "orders_imp_uid_unique" UNIQUE("imp_uid")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_type" text,
	"body" text NOT NULL,
	"hint" jsonb,
	"imp_uid" text,
	"outcome" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_one_default_per_user" ON "cards" USING btree ("user_id") WHERE "cards"."is_default" and "cards"."status" = 'active';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_imp_uid_idx" ON "webhook_deliveries" USING btree ("imp_uid");