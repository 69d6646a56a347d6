CREATE TYPE "public"."tip_result" AS ENUM('pendiente', 'ganado', 'perdido', 'nulo', 'medio_ganado', 'medio_perdido');--> statement-breakpoint
CREATE TABLE "tip_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tip_id" uuid NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(8) NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_record_days" (
	"category" varchar(8) NOT NULL,
	"sport" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"settled" integer NOT NULL,
	"won" integer NOT NULL,
	"lost" integer NOT NULL,
	"void" integer NOT NULL,
	"half_won" integer NOT NULL,
	"half_lost" integer NOT NULL,
	"profit_milli" bigint NOT NULL,
	"staked" integer NOT NULL,
	"odds_cents_sum" bigint NOT NULL,
	"streak_n" integer NOT NULL,
	"lead_w" integer NOT NULL,
	"lead_l" integer NOT NULL,
	"trail_w" integer NOT NULL,
	"trail_l" integer NOT NULL,
	"max_w" integer NOT NULL,
	"max_l" integer NOT NULL,
	CONSTRAINT "track_record_days_category_sport_day_pk" PRIMARY KEY("category","sport","day")
);
--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "pick" varchar(120);--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "odds_cents" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "stake" smallint;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "bookmaker" varchar(50);--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "result" "tip_result" DEFAULT 'pendiente' NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tip_revisions" ADD CONSTRAINT "tip_revisions_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_revisions" ADD CONSTRAINT "tip_revisions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tip_revisions_tip_idx" ON "tip_revisions" USING btree ("tip_id","changed_at");--> statement-breakpoint
CREATE INDEX "tips_counted_idx" ON "tips" USING btree ("match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published and odds_cents is not null and result <> 'pendiente' and published_at is not null and published_at <= match_date;--> statement-breakpoint
CREATE INDEX "tips_counted_category_idx" ON "tips" USING btree ("category","match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published and odds_cents is not null and result <> 'pendiente' and published_at is not null and published_at <= match_date;--> statement-breakpoint
CREATE INDEX "tips_counted_sport_idx" ON "tips" USING btree ("icon","match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published and odds_cents is not null and result <> 'pendiente' and published_at is not null and published_at <= match_date;--> statement-breakpoint
CREATE INDEX "tips_unsettled_idx" ON "tips" USING btree ("match_date") WHERE result = 'pendiente' and odds_cents is not null;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_bet_whole" CHECK ((pick is null) = (odds_cents is null) and (odds_cents is null) = (stake is null));--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_odds_range" CHECK (odds_cents between 101 and 100000);--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_stake_range" CHECK (stake between 1 and 10);--> statement-breakpoint
-- hand-written: tips published before this migration became public when they were created, as far
-- as anyone can know; none of them has a bet, so none enters the track record.
UPDATE "tips" SET "published_at" = "created_at" WHERE "is_published" AND "published_at" IS NULL;
