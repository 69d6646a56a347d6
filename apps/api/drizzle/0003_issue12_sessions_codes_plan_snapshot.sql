CREATE TABLE "google_login_codes" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"binding_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" varchar(512),
	"ip" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "duration_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "google_login_codes" ADD CONSTRAINT "google_login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_login_codes_expires_idx" ON "google_login_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: existing subscriptions take the name and duration of the plan they reference
-- (or of the plan with their key), else the spec's label for the seeded keys, else the key.
UPDATE "subscriptions" AS s SET
  "plan_name" = COALESCE(
    (SELECT p."name" FROM "plans" p WHERE p."id" = s."plan_id"),
    (SELECT p."name" FROM "plans" p WHERE p."key" = s."plan_key"),
    CASE s."plan_key" WHEN 'free' THEN 'Plan Gratuito' WHEN 'basic' THEN 'Plan Básico'
      WHEN 'premium' THEN 'Plan Premium' WHEN 'vip' THEN 'Plan VIP' ELSE s."plan_key" END),
  "duration_months" = COALESCE(
    (SELECT p."duration_months" FROM "plans" p WHERE p."id" = s."plan_id"),
    (SELECT p."duration_months" FROM "plans" p WHERE p."key" = s."plan_key"),
    1);
