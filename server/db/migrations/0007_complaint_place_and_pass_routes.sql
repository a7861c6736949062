ALTER TABLE "exception_passes" ALTER COLUMN "route" SET DATA TYPE text;--> statement-breakpoint
DROP TYPE "public"."pass_route";--> statement-breakpoint
CREATE TYPE "public"."pass_route" AS ENUM('horseshoe-departure', 'departure-horseshoe', 'tsawwassen-swartz', 'swartz-tsawwassen', 'horseshoe-langdale', 'langdale-horseshoe', 'tsawwassen-duke', 'duke-tsawwassen', 'horseshoe-snug', 'snug-horseshoe');--> statement-breakpoint
ALTER TABLE "exception_passes" ALTER COLUMN "route" SET DATA TYPE "public"."pass_route" USING "route"::"public"."pass_route";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "terminal_id" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "note" text;