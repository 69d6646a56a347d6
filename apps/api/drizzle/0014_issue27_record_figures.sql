-- The day summaries gain the odds band, the stake and the bookmaker as filters, the new figures'
-- sums and the counts of pending bets and tips without a bet (issue 27; decision 0074). Every
-- row changes meaning, so they go: the server rebuilds them from the tips at its next start
-- (ensureTrackRecord, modules/track-record/track-record-days.ts).
DELETE FROM "track_record_days";--> statement-breakpoint
ALTER TABLE "track_record_days" DROP CONSTRAINT "track_record_days_category_sport_day_pk";--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "odds_band" varchar(12) NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "stake" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "bookmaker" varchar(50) NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "level_profit_milli" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "clv_micro" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "clv_bets" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "drawdown_peak" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "drawdown_trough" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "drawdown_fall" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "pending" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "without_bet" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD COLUMN "bookmakers" varchar(50)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "track_record_days" ADD CONSTRAINT "track_record_days_category_stake_odds_band_bookmaker_sport_day_pk" PRIMARY KEY("category","stake","odds_band","bookmaker","sport","day");--> statement-breakpoint
CREATE INDEX "track_record_days_band_idx" ON "track_record_days" USING btree ("category","stake","bookmaker","sport","odds_band","day");
