CREATE TYPE "public"."banner_icon" AS ENUM('alert-triangle', 'info', 'heart', 'navigation', 'clock');--> statement-breakpoint
CREATE TYPE "public"."camera_location" AS ENUM('entrance', 'queue_area', 'booth');--> statement-breakpoint
CREATE TYPE "public"."complaint_category" AS ENUM('delay', 'cleanliness', 'staff', 'other');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('received', 'in_review', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."idempotency_state" AS ENUM('pending', 'done');--> statement-breakpoint
CREATE TYPE "public"."membership_type" AS ENUM('free', 'premium', 'ninja', 'contributor', 'premium_plus');--> statement-breakpoint
CREATE TYPE "public"."reward_type" AS ENUM('digital_sticker', 'physical_item', 'discount', 'free_months', 'exclusive_access');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('rider', 'staff', 'admin');--> statement-breakpoint
CREATE TYPE "public"."store_category" AS ENUM('beverages', 'food', 'reading', 'snacks', 'other');--> statement-breakpoint
CREATE TABLE "amenities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"terminal_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"icon" "banner_icon" DEFAULT 'info' NOT NULL,
	"background_color" text DEFAULT 'blue' NOT NULL,
	"text_color" text DEFAULT 'white' NOT NULL,
	"dismissible" boolean DEFAULT true NOT NULL,
	"action_text" text,
	"action_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camera_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"terminal_id" text NOT NULL,
	"name" text NOT NULL,
	"location" "camera_location" NOT NULL,
	"url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category" "complaint_category" NOT NULL,
	"description" text NOT NULL,
	"status" "complaint_status" DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fares" (
	"route_id" text PRIMARY KEY NOT NULL,
	"adult" numeric(8, 2) NOT NULL,
	"child" numeric(8, 2) NOT NULL,
	"infant" numeric(8, 2) NOT NULL,
	"vehicle_under_20" numeric(8, 2),
	"vehicle_20_to_25" numeric(8, 2),
	"vehicle_over_25" numeric(8, 2),
	"motorcycle" numeric(8, 2),
	"bicycle" numeric(8, 2),
	"peak_multiplier" numeric(4, 2) NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" "idempotency_state" DEFAULT 'pending' NOT NULL,
	"status_code" integer,
	"response_body" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"reward_type" "reward_type" NOT NULL,
	"category" text NOT NULL,
	"points_cost" integer NOT NULL,
	"stock_quantity" integer
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" text PRIMARY KEY NOT NULL,
	"from_terminal_id" text NOT NULL,
	"to_terminal_id" text NOT NULL,
	"name" text NOT NULL,
	"crossing_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" numeric(8, 2) NOT NULL,
	"category" "store_category" NOT NULL,
	"stock" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lat" numeric(9, 6) NOT NULL,
	"lng" numeric(9, 6) NOT NULL,
	"camera_prefix" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"role" "user_role" DEFAULT 'rider' NOT NULL,
	"membership_type" "membership_type" DEFAULT 'free' NOT NULL,
	"contribution_score" integer DEFAULT 0 NOT NULL,
	"free_months_earned" integer DEFAULT 0 NOT NULL,
	"premium_expires_at" timestamp with time zone,
	"total_photo_contributions" integer DEFAULT 0 NOT NULL,
	"total_data_points" integer DEFAULT 0 NOT NULL,
	"reward_points_balance" integer DEFAULT 0 NOT NULL,
	"traveling_with_animals" boolean DEFAULT false NOT NULL,
	"animal_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"animal_count" integer DEFAULT 0 NOT NULL,
	"prefers_pet_area" boolean DEFAULT false NOT NULL,
	"prefers_stay_in_vehicle" boolean DEFAULT true NOT NULL,
	"special_animal_needs" text DEFAULT '' NOT NULL,
	"car_number" text,
	"phone_number" text,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"route_id" text NOT NULL,
	"passenger_capacity" integer NOT NULL,
	"vehicle_capacity" integer NOT NULL,
	"service_speed_knots" numeric(4, 1) NOT NULL,
	"photo" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "amenities" ADD CONSTRAINT "amenities_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_feeds" ADD CONSTRAINT "camera_feeds_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_from_terminal_id_terminals_id_fk" FOREIGN KEY ("from_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_to_terminal_id_terminals_id_fk" FOREIGN KEY ("to_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_user_created_idx" ON "complaints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");