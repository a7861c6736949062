ALTER TABLE "queue_positions" ADD COLUMN "sailing_ferry_id" text;--> statement-breakpoint
ALTER TABLE "queue_positions" ADD COLUMN "sailing_departure_at" timestamp with time zone;