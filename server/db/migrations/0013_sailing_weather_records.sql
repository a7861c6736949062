CREATE TABLE "sailing_weather_records" (
	"sailing_id" text PRIMARY KEY NOT NULL,
	"route_id" text NOT NULL,
	"scheduled_departure" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"knots" integer,
	"reason" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"forecast_issued_at" timestamp with time zone,
	"noted_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sailing_weather_records_departure_idx" ON "sailing_weather_records" USING btree ("scheduled_departure");