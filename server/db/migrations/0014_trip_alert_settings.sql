CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT false NOT NULL,
	"quiet_hours_start" text DEFAULT '22:00' NOT NULL,
	"quiet_hours_end" text DEFAULT '07:00' NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "away_alarms" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"repeats_sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_alerts" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"trip_departure" timestamp with time zone,
	"held_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "away_alarms" ADD CONSTRAINT "away_alarms_session_id_away_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."away_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "away_alarms" ADD CONSTRAINT "away_alarms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_alerts" ADD CONSTRAINT "held_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_alerts_user_key_unique" ON "held_alerts" USING btree ("user_id","key");