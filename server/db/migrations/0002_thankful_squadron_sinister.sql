CREATE TABLE "arrival_timers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ferry_id" text NOT NULL,
	"departure_location" text NOT NULL,
	"target_departure" timestamp with time zone,
	"buffer_time" integer NOT NULL,
	"travel_time" integer NOT NULL,
	"cutoff_time" timestamp with time zone NOT NULL,
	"alarm_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_positions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"lane_id" text NOT NULL,
	"gps_lat" double precision NOT NULL,
	"gps_lng" double precision NOT NULL,
	"gps_accuracy" double precision,
	"verified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_lanes" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"route_id" text NOT NULL,
	"lane_number" integer NOT NULL,
	"points" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_layouts" (
	"terminal_id" text PRIMARY KEY NOT NULL,
	"entrance" jsonb NOT NULL,
	"booth" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arrival_timers" ADD CONSTRAINT "arrival_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_positions" ADD CONSTRAINT "queue_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_lanes" ADD CONSTRAINT "terminal_lanes_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_lanes" ADD CONSTRAINT "terminal_lanes_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_layouts" ADD CONSTRAINT "terminal_layouts_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrival_timers_user_idx" ON "arrival_timers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "arrival_timers_alarm_idx" ON "arrival_timers" USING btree ("alarm_time");--> statement-breakpoint
CREATE INDEX "terminal_lanes_terminal_idx" ON "terminal_lanes" USING btree ("terminal_id");