ALTER TYPE "public"."pass_status" ADD VALUE 'revoked';--> statement-breakpoint
CREATE TABLE "back_office_known_clients" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"username_key" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "back_office_known_clients_username_idx" ON "back_office_known_clients" USING btree ("username_key");--> statement-breakpoint
-- Before the index: a rider left with several active timers by concurrent writes keeps the newest.
DELETE FROM "arrival_timers" AS "older" USING "arrival_timers" AS "newer" WHERE "older"."status" = 'active' AND "newer"."status" = 'active' AND "older"."user_id" = "newer"."user_id" AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "arrival_timers_one_active_per_user" ON "arrival_timers" USING btree ("user_id") WHERE "arrival_timers"."status" = 'active';