CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_uid" text NOT NULL,
	"browser_token_hash" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"imp_uid" text,
	"name" text,
	"birthday" date,
	"gender" text,
	"unique_key_hash" text,
	"unique_in_site" text,
	"certified_at" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_checks_merchant_uid_unique" UNIQUE("merchant_uid"),
	CONSTRAINT "identity_checks_imp_uid_unique" UNIQUE("imp_uid")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"birthday" date NOT NULL,
	"gender" text NOT NULL,
	"unique_key_hash" text NOT NULL,
	"unique_in_site" text NOT NULL,
	"certified_at" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_unique_key_hash_unique" UNIQUE("unique_key_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");