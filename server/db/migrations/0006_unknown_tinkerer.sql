ALTER TABLE "orders" ADD COLUMN "discount" numeric(8, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD COLUMN "code_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reward_claims_code_idx" ON "reward_claims" USING btree ("code");