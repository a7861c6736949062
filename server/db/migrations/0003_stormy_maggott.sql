CREATE TYPE "public"."away_session_status" AS ENUM('active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('away_alert', 'queue_moving', 'arrival_timer', 'order_update', 'booking_update');--> statement-breakpoint
CREATE TABLE "away_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ferry_id" text NOT NULL,
	"queue_position" integer NOT NULL,
	"estimated_boarding_time" timestamp with time zone NOT NULL,
	"alert_threshold_minutes" integer NOT NULL,
	"alert_at" timestamp with time zone NOT NULL,
	"current_location" text NOT NULL,
	"status" "away_session_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "away_sessions" ADD CONSTRAINT "away_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "away_sessions_one_active_per_user" ON "away_sessions" USING btree ("user_id") WHERE "away_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "away_sessions_active_alert_at_idx" ON "away_sessions" USING btree ("alert_at") WHERE "away_sessions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_key_unique" ON "notifications" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");