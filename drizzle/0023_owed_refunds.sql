CREATE TABLE "owed_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"imp_uid" text NOT NULL,
	"merchant_uid" text NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"refund_id" uuid,
	"failure" text,
	"owed_at" bigint NOT NULL,
	"refunded_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owed_refunds_imp_uid_unique" UNIQUE("imp_uid")
);
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD CONSTRAINT "owed_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD CONSTRAINT "owed_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owed_refunds_merchant_uid_idx" ON "owed_refunds" USING btree ("merchant_uid");--> statement-breakpoint
CREATE INDEX "owed_refunds_status_idx" ON "owed_refunds" USING btree ("status");