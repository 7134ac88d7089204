ALTER TABLE "price_change_requests" ADD COLUMN "declined_at" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_decision" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_decided_at" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor" bigint;--> statement-breakpoint
-- hand-written:
-- Monthly periods count from an anchor; existing subscriptions keep the dates they have now.
-- (A trial's first paid period starts at the trial's end: that is its anchor.)
UPDATE "subscriptions" SET "billing_anchor" = CASE WHEN "current_period_end" = "trial_ends_at" THEN "trial_ends_at" ELSE "current_period_start" END WHERE "billing_anchor" IS NULL;--> statement-breakpoint
-- A free trial turns paid only with the customer's consent (전자상거래법 시행령 §20조의2): a trial still
-- running with no paid charge is set to end at its end; reconciliation revokes the first charge it had
-- booked at the service, and the customer is asked.
UPDATE "subscriptions" SET "cancel_at_period_end" = true, "end_reason" = 'trial_not_converted'
WHERE "status" = 'active' AND "trial_ends_at" IS NOT NULL AND "cancel_at_period_end" = false
  AND "current_period_end" = "trial_ends_at"
  AND NOT EXISTS (SELECT 1 FROM "subscription_charges" c WHERE c."subscription_id" = "subscriptions"."id" AND c."status" = 'paid');
