CREATE TABLE "recorded_sailings" (
	"sailing_id" text PRIMARY KEY NOT NULL,
	"route_id" text NOT NULL,
	"from_terminal" text NOT NULL,
	"to_terminal" text NOT NULL,
	"scheduled_departure" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"vessel_name" text,
	"status" text NOT NULL,
	"delay_minutes" integer,
	"fill" double precision,
	"car_fill" double precision,
	"oversize_fill" double precision,
	"last_observed_at" timestamp with time zone NOT NULL,
	"curve" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"full_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"final_fill" double precision,
	"final_car_fill" double precision,
	"final_oversize_fill" double precision
);
--> statement-breakpoint
CREATE TABLE "sailing_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sailing_id" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"delay_minutes" integer,
	"fill" double precision,
	"car_fill" double precision,
	"oversize_fill" double precision,
	"vessel_name" text
);
--> statement-breakpoint
CREATE INDEX "recorded_sailings_route_idx" ON "recorded_sailings" USING btree ("route_id","from_terminal","scheduled_departure");--> statement-breakpoint
CREATE INDEX "recorded_sailings_departure_idx" ON "recorded_sailings" USING btree ("scheduled_departure");--> statement-breakpoint
CREATE INDEX "sailing_observations_sailing_idx" ON "sailing_observations" USING btree ("sailing_id","observed_at");--> statement-breakpoint
CREATE INDEX "sailing_observations_observed_idx" ON "sailing_observations" USING btree ("observed_at");