CREATE TABLE "feed_snapshots" (
	"source" text PRIMARY KEY NOT NULL,
	"sailings" json,
	"vessels" json,
	"updated_at" timestamp with time zone NOT NULL
);
