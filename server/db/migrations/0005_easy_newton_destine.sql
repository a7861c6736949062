CREATE TYPE "public"."booking_agent_status" AS ENUM('monitoring', 'booking', 'completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."contribution_kind" AS ENUM('photo', 'wait_time', 'capacity', 'validation', 'amenity', 'challenge');--> statement-breakpoint
CREATE TYPE "public"."ninja_priority" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."ninja_status" AS ENUM('active', 'booked', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."ninja_vehicle_type" AS ENUM('standard', 'oversized', 'motorcycle');--> statement-breakpoint
CREATE TYPE "public"."outbound_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."outbound_status" AS ENUM('stored', 'sent', 'failed', 'no_address');--> statement-breakpoint
CREATE TYPE "public"."pass_route" AS ENUM('horseshoe-departure', 'tsawwassen-swartz', 'departure-horseshoe', 'swartz-tsawwassen');--> statement-breakpoint
CREATE TYPE "public"."pass_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."pass_type" AS ENUM('medical', 'emergency', 'caregiving', 'work_critical');--> statement-breakpoint
CREATE TYPE "public"."reward_claim_status" AS ENUM('pending', 'approved', 'shipped', 'delivered', 'redeemed');--> statement-breakpoint
CREATE TABLE "amenity_statuses" (
	"amenity_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_agent_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route_code" text NOT NULL,
	"sailing_id" text NOT NULL,
	"sailing_time" timestamp with time zone NOT NULL,
	"vehicle_spaces" integer NOT NULL,
	"passenger_spaces" integer NOT NULL,
	"timestamp" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_agent_monitors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"route_code" text NOT NULL,
	"from_terminal" text NOT NULL,
	"to_terminal" text NOT NULL,
	"departure_date" text NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"infants" integer NOT NULL,
	"has_vehicle" boolean NOT NULL,
	"vehicle_height" text,
	"vehicle_length" text,
	"notification_email" text,
	"status" "booking_agent_status" NOT NULL,
	"message" text NOT NULL,
	"last_checked" timestamp with time zone,
	"started_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_agent_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"check_interval_seconds" integer DEFAULT 30 NOT NULL,
	"max_monitors" integer DEFAULT 50 NOT NULL,
	"system_started_at" timestamp with time zone,
	"system_started_by" text
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
CREATE TABLE "engine_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exception_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pass_type" "pass_type" NOT NULL,
	"description" text NOT NULL,
	"route" "pass_route" NOT NULL,
	"departure_time" timestamp with time zone NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" "pass_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_names" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ninja_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"departure_date" text NOT NULL,
	"departure_time" text,
	"return_date" text,
	"return_time" text,
	"vehicle_type" "ninja_vehicle_type" NOT NULL,
	"vehicle_length" integer,
	"passenger_count" integer NOT NULL,
	"max_service_fee" integer NOT NULL,
	"is_flexible" boolean NOT NULL,
	"flexibility_hours" integer NOT NULL,
	"priority" "ninja_priority" NOT NULL,
	"auto_book_enabled" boolean NOT NULL,
	"notify_via_email" boolean NOT NULL,
	"notify_via_sms" boolean NOT NULL,
	"contact_email" text,
	"status" "ninja_status" DEFAULT 'active' NOT NULL,
	"current_attempts" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"channel" "outbound_channel" NOT NULL,
	"recipient" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" "outbound_status" NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_messages_key_unique" UNIQUE("key")
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
CREATE TABLE "reservation_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"sailing_id" text NOT NULL,
	"pool" text NOT NULL,
	"passengers" integer NOT NULL,
	"departure_time" timestamp with time zone NOT NULL,
	"success_fee" numeric(8, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_bookings_request_id_unique" UNIQUE("request_id")
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
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watcher_openings" (
	"watcher" text NOT NULL,
	"sailing_id" text NOT NULL,
	"open" boolean NOT NULL,
	"episodes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_back_office_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."back_office_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_agent_alerts" ADD CONSTRAINT "booking_agent_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_agent_monitors" ADD CONSTRAINT "booking_agent_monitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_passes" ADD CONSTRAINT "exception_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_passes" ADD CONSTRAINT "exception_passes_reviewed_by_back_office_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."back_office_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_names" ADD CONSTRAINT "leaderboard_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ninja_requests" ADD CONSTRAINT "ninja_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_contributions" ADD CONSTRAINT "photo_contributions_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_contributions" ADD CONSTRAINT "photo_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_validations" ADD CONSTRAINT "photo_validations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_validations" ADD CONSTRAINT "photo_validations_photo_id_photo_contributions_contribution_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photo_contributions"("contribution_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_bookings" ADD CONSTRAINT "reservation_bookings_request_id_ninja_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."ninja_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_bookings" ADD CONSTRAINT "reservation_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "booking_agent_alerts_user_idx" ON "booking_agent_alerts" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_completions_unique" ON "challenge_completions" USING btree ("user_id","challenge_id","week_start");--> statement-breakpoint
CREATE INDEX "contributions_user_created_idx" ON "contributions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contributions_kind_terminal_idx" ON "contributions" USING btree ("kind","terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "exception_passes_user_idx" ON "exception_passes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exception_passes_status_idx" ON "exception_passes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ninja_requests_user_idx" ON "ninja_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ninja_requests_status_idx" ON "ninja_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "photo_contributions_sha_idx" ON "photo_contributions" USING btree ("photo_sha256");--> statement-breakpoint
CREATE INDEX "photo_contributions_created_idx" ON "photo_contributions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_validations_user_photo_unique" ON "photo_validations" USING btree ("user_id","photo_id");--> statement-breakpoint
CREATE INDEX "reservation_bookings_sailing_idx" ON "reservation_bookings" USING btree ("sailing_id");--> statement-breakpoint
CREATE INDEX "reward_claims_user_idx" ON "reward_claims" USING btree ("user_id","claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watcher_openings_pk" ON "watcher_openings" USING btree ("watcher","sailing_id");