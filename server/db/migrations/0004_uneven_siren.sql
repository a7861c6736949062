CREATE TYPE "public"."back_office_role" AS ENUM('admin', 'staff');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'membership_update';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'animal_reminder';--> statement-breakpoint
CREATE TABLE "back_office_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "back_office_role" NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "back_office_accounts_username_key_unique" UNIQUE("username_key")
);
--> statement-breakpoint
CREATE TABLE "back_office_login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username_key" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "back_office_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_trials" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tier" "membership_type" NOT NULL,
	"previous_tier" "membership_type" NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_queue_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_boarding_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_animal_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "back_office_sessions" ADD CONSTRAINT "back_office_sessions_account_id_back_office_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."back_office_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_trials" ADD CONSTRAINT "membership_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "back_office_login_failures_username_idx" ON "back_office_login_failures" USING btree ("username_key","failed_at");--> statement-breakpoint
CREATE INDEX "back_office_login_failures_address_idx" ON "back_office_login_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "back_office_sessions_account_idx" ON "back_office_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_trials_user_tier_unique" ON "membership_trials" USING btree ("user_id","tier");--> statement-breakpoint
CREATE INDEX "membership_trials_open_expires_idx" ON "membership_trials" USING btree ("expires_at") WHERE "membership_trials"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");