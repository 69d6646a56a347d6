CREATE TABLE "business_paid_spans" (
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_paid_spans_user_id_starts_at_pk" PRIMARY KEY("user_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "business_readers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_paid_at" timestamp with time zone,
	"first_charge_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "business_paid_spans_starts_idx" ON "business_paid_spans" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "business_paid_spans_ends_idx" ON "business_paid_spans" USING btree ("ends_at","starts_at","user_id");--> statement-breakpoint
CREATE INDEX "business_readers_first_paid_idx" ON "business_readers" USING btree ("first_paid_at");--> statement-breakpoint
CREATE INDEX "business_readers_first_charge_idx" ON "business_readers" USING btree ("first_charge_at");--> statement-breakpoint
-- Decision 0117 "Speed": recompute the named readers' summaries from their transactions (the
-- definitions of modules/business/business-sql.ts: a paid period, a charge of money).
CREATE FUNCTION "business_refresh_readers"(uids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_readers WHERE user_id = ANY(uids);
  INSERT INTO business_readers (user_id, first_paid_at, first_charge_at)
    SELECT user_id,
      min(completed_at) FILTER (WHERE kind = 'subscription' and status = 'completed' and not is_gift),
      min(completed_at)
    FROM transactions
    WHERE user_id = ANY(uids) and status in ('completed', 'refunded') and amount_cents > 0
      and provider <> 'gift'
    GROUP BY user_id;
  DELETE FROM business_paid_spans WHERE user_id = ANY(uids);
  INSERT INTO business_paid_spans (user_id, starts_at, ends_at)
    WITH p AS (
      SELECT user_id, completed_at AS s,
        ((completed_at at time zone 'UTC') + make_interval(months => coalesce(duration_months, 1))) at time zone 'UTC' AS e
      FROM transactions
      WHERE user_id = ANY(uids) and status in ('completed', 'refunded')
        and kind = 'subscription' and status = 'completed' and amount_cents > 0 and not is_gift
        and provider <> 'gift'
    ), q AS (
      SELECT *, CASE WHEN s <= max(e) OVER (PARTITION BY user_id ORDER BY s, e
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) THEN 0 ELSE 1 END AS brk
      FROM p WHERE e > s
    ), r AS (
      SELECT *, sum(brk) OVER (PARTITION BY user_id ORDER BY s, e) AS g FROM q
    )
    SELECT user_id, min(s), max(e) FROM r GROUP BY user_id, g;
END $$;
--> statement-breakpoint
-- Statement triggers with the rows changed: a bulk insert recomputes each reader once.
CREATE FUNCTION "business_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_refresh_readers(ARRAY(SELECT DISTINCT user_id FROM new_rows WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "business_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_refresh_readers(ARRAY(
    SELECT user_id FROM old_rows WHERE user_id IS NOT NULL
    UNION SELECT user_id FROM new_rows WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "business_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_refresh_readers(ARRAY(SELECT DISTINCT user_id FROM old_rows WHERE user_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "business_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE business_readers, business_paid_spans;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "business_readers_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_after_insert();
--> statement-breakpoint
CREATE TRIGGER "business_readers_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_after_update();
--> statement-breakpoint
CREATE TRIGGER "business_readers_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_after_delete();
--> statement-breakpoint
CREATE TRIGGER "business_readers_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION business_after_truncate();
--> statement-breakpoint
-- The readers already there.
SELECT business_refresh_readers(ARRAY(SELECT DISTINCT user_id FROM transactions WHERE user_id IS NOT NULL));
--> statement-breakpoint
ANALYZE "business_readers";--> statement-breakpoint
ANALYZE "business_paid_spans";
