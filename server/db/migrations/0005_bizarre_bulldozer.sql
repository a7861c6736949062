CREATE TYPE "public"."booking_agent_status" AS ENUM('monitoring', 'booking', 'completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."ninja_priority" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."ninja_status" AS ENUM('active', 'booked', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."ninja_vehicle_type" AS ENUM('standard', 'oversized', 'motorcycle');--> statement-breakpoint
CREATE TYPE "public"."outbound_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."outbound_status" AS ENUM('stored', 'sent', 'failed', 'no_address');--> statement-breakpoint
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
CREATE TABLE "engine_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
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
CREATE TABLE "watcher_openings" (
	"watcher" text NOT NULL,
	"sailing_id" text NOT NULL,
	"open" boolean NOT NULL,
	"episodes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_agent_alerts" ADD CONSTRAINT "booking_agent_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_agent_monitors" ADD CONSTRAINT "booking_agent_monitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ninja_requests" ADD CONSTRAINT "ninja_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_bookings" ADD CONSTRAINT "reservation_bookings_request_id_ninja_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."ninja_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_bookings" ADD CONSTRAINT "reservation_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_agent_alerts_user_idx" ON "booking_agent_alerts" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "ninja_requests_user_idx" ON "ninja_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ninja_requests_status_idx" ON "ninja_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reservation_bookings_sailing_idx" ON "reservation_bookings" USING btree ("sailing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watcher_openings_pk" ON "watcher_openings" USING btree ("watcher","sailing_id");