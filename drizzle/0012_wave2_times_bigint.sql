ALTER TABLE "consents" ALTER COLUMN "given_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "due_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "plan_prices" ALTER COLUMN "effective_from" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "price_change_requests" ALTER COLUMN "effective_from" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "price_change_requests" ALTER COLUMN "requested_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "price_change_requests" ALTER COLUMN "accepted_at" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "trial_ends_at" SET DATA TYPE bigint;