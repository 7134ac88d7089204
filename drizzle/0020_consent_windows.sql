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
--> statement-breakpoint
-- A price consent on record was given under the old rule (at the announcement, whenever that was):
-- it does not count as the consent inside the 30 days before the change. Unless the new price was
-- already charged (the change has happened), it is asked again: the request back to `requested`, the
-- amount before it restored, and a booking at the new price decided again: set to `to_book`, the
-- reconciliation passes it through the price gate, which withholds it until a yes inside the window
-- (and the reconciliation's recheck of bookings given up on takes it back at the service).
UPDATE "subscriptions" s SET "amount" = r."old_amount"
FROM "price_change_requests" r
WHERE r."subscription_id" = s."id" AND r."status" = 'accepted' AND s."amount" = r."new_amount"
  AND NOT EXISTS (SELECT 1 FROM "subscription_charges" p WHERE p."subscription_id" = r."subscription_id"
    AND p."status" = 'paid' AND p."amount" >= r."new_amount" AND p."period_start" >= r."effective_from");--> statement-breakpoint
UPDATE "subscription_charges" c SET "status" = 'to_book'
FROM "price_change_requests" r
WHERE c."subscription_id" = r."subscription_id" AND r."status" = 'accepted' AND c."status" = 'scheduled'
  AND c."amount" > r."old_amount" AND c."period_start" >= r."effective_from"
  AND NOT EXISTS (SELECT 1 FROM "subscription_charges" p WHERE p."subscription_id" = r."subscription_id"
    AND p."status" = 'paid' AND p."amount" >= r."new_amount" AND p."period_start" >= r."effective_from");--> statement-breakpoint
UPDATE "price_change_requests" r SET "status" = 'requested', "accepted_at" = NULL
WHERE r."status" = 'accepted'
  AND NOT EXISTS (SELECT 1 FROM "subscription_charges" p WHERE p."subscription_id" = r."subscription_id"
    AND p."status" = 'paid' AND p."amount" >= r."new_amount" AND p."period_start" >= r."effective_from");
