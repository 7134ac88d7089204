ALTER TABLE "identity_checks" ALTER COLUMN "certified_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "collect_by" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ALTER COLUMN "period_start" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ALTER COLUMN "period_end" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ALTER COLUMN "schedule_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_charges" ALTER COLUMN "settled_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "current_period_start" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "current_period_end" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "ended_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "certified_at" SET DATA TYPE bigint;