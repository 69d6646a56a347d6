ALTER TABLE "users" ADD COLUMN "country" varchar(5) DEFAULT 'ES' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64) DEFAULT 'Europe/Madrid' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pause_lift_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pause_dates" CHECK ("users"."paused_until" is null or "users"."paused_at" is not null);