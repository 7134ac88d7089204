ALTER TABLE "cards" ADD COLUMN "api" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "billing_key" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "api" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "api" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "api" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "api" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "schedule_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "api" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_billing_key_unique" UNIQUE("billing_key");