CREATE TABLE "ledger_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"tip_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"body" text NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"sig" varchar(128) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_secrets" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"tip_id" uuid NOT NULL,
	"salt" varchar(32) NOT NULL,
	"bet" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "tips_counted_idx";--> statement-breakpoint
DROP INDEX "tips_counted_category_idx";--> statement-breakpoint
DROP INDEX "tips_counted_sport_idx";--> statement-breakpoint
ALTER TABLE "tip_revisions" ALTER COLUMN "kind" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "tip_revisions" ADD COLUMN "category" "tip_category" DEFAULT 'premium' NOT NULL;--> statement-breakpoint
ALTER TABLE "tip_revisions" ADD COLUMN "reason" varchar(300);--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "public_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "closing_odds_cents" integer;--> statement-breakpoint
-- A published tip without a first publication time (the old demo seed wrote some) was public
-- from its creation; one published has been public since its first publication as far as
-- anyone knows.
UPDATE "tips" SET "published_at" = "created_at" WHERE "is_published" AND "published_at" IS NULL;--> statement-breakpoint
UPDATE "tips" SET "public_since" = "published_at" WHERE "is_published";--> statement-breakpoint
-- Revisions were written under the tip's category; a tip that ever changed category may have
-- had VIP content in them, so those count as VIP (the safe side).
UPDATE "tip_revisions" r SET "category" = CASE
  WHEN t."category" = 'premium' OR EXISTS (
    SELECT 1 FROM "tip_revisions" r2
    WHERE r2."tip_id" = r."tip_id" AND r2."changes" @> '[{"field":"category"}]'::jsonb
  ) THEN 'premium'::tip_category ELSE 'free'::tip_category END
FROM "tips" t WHERE t."id" = r."tip_id";--> statement-breakpoint
CREATE INDEX "ledger_entries_tip_idx" ON "ledger_entries" USING btree ("tip_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_hash_idx" ON "ledger_entries" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "ledger_secrets_tip_idx" ON "ledger_secrets" USING btree ("tip_id","seq");--> statement-breakpoint
CREATE INDEX "tips_counted_idx" ON "tips" USING btree ("match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published and odds_cents is not null and result <> 'pendiente' and public_since is not null and public_since <= match_date;--> statement-breakpoint
CREATE INDEX "tips_counted_category_idx" ON "tips" USING btree ("category","match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published and odds_cents is not null and result <> 'pendiente' and public_since is not null and public_since <= match_date;--> statement-breakpoint
CREATE INDEX "tips_counted_sport_idx" ON "tips" USING btree ("icon","match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published and odds_cents is not null and result <> 'pendiente' and public_since is not null and public_since <= match_date;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_closing_odds_range" CHECK (closing_odds_cents between 101 and 100000);--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_public_since" CHECK (is_published OR public_since IS NULL);--> statement-breakpoint
-- Rows written straight to the table (the demo seed, the bench, tests) get public_since from
-- their first publication (none without one: never counted, as before); the application sets it
-- itself with its own clock.
CREATE FUNCTION "tips_public_since_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_published AND NEW.public_since IS NULL THEN
    NEW.public_since := NEW.published_at;
  ELSIF NOT NEW.is_published THEN
    NEW.public_since := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tips_public_since_fill" BEFORE INSERT OR UPDATE OF "is_published", "public_since" ON "tips"
  FOR EACH ROW EXECUTE FUNCTION "tips_public_since_fill"();--> statement-breakpoint
-- The ledger is append-only: nothing may rewrite or remove an entry.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries es de solo anexado: no se puede %', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_rewrite" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
