CREATE TYPE "public"."contribution_kind" AS ENUM('photo', 'wait_time', 'capacity', 'validation', 'amenity', 'challenge');--> statement-breakpoint
CREATE TYPE "public"."reward_claim_status" AS ENUM('pending', 'approved', 'shipped', 'delivered', 'redeemed');--> statement-breakpoint
CREATE TABLE "amenity_statuses" (
	"amenity_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_completions" (
	"user_id" integer NOT NULL,
	"challenge_id" text NOT NULL,
	"week_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "contribution_kind" NOT NULL,
	"terminal_id" text,
	"points" integer NOT NULL,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_names" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_contributions" (
	"contribution_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"terminal_id" text NOT NULL,
	"lane" text NOT NULL,
	"vehicle_count" integer NOT NULL,
	"camera_count" integer,
	"accuracy" text NOT NULL,
	"duplicate" boolean NOT NULL,
	"photo_sha256" text NOT NULL,
	"photo_file" text NOT NULL,
	"thumbnail_file" text NOT NULL,
	"gps_latitude" double precision,
	"gps_longitude" double precision,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_validations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"count_is_right" boolean NOT NULL,
	"correct" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reward_id" text NOT NULL,
	"status" "reward_claim_status" DEFAULT 'pending' NOT NULL,
	"points_spent" integer NOT NULL,
	"code" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_names" ADD CONSTRAINT "leaderboard_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_contributions" ADD CONSTRAINT "photo_contributions_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_contributions" ADD CONSTRAINT "photo_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_validations" ADD CONSTRAINT "photo_validations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_validations" ADD CONSTRAINT "photo_validations_photo_id_photo_contributions_contribution_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photo_contributions"("contribution_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_completions_unique" ON "challenge_completions" USING btree ("user_id","challenge_id","week_start");--> statement-breakpoint
CREATE INDEX "contributions_user_created_idx" ON "contributions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contributions_kind_terminal_idx" ON "contributions" USING btree ("kind","terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "photo_contributions_sha_idx" ON "photo_contributions" USING btree ("photo_sha256");--> statement-breakpoint
CREATE INDEX "photo_contributions_created_idx" ON "photo_contributions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_validations_user_photo_unique" ON "photo_validations" USING btree ("user_id","photo_id");--> statement-breakpoint
CREATE INDEX "reward_claims_user_idx" ON "reward_claims" USING btree ("user_id","claimed_at");