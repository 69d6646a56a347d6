ALTER TABLE "subscriptions" ADD COLUMN "plan_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "duration_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
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
