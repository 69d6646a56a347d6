CREATE TABLE "business_cohort_months" (
	"month" integer PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"k1" bigint NOT NULL,
	"k2" bigint NOT NULL,
	"k3" bigint NOT NULL,
	"k4" bigint NOT NULL,
	"k5" bigint NOT NULL,
	"k6" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_days" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL,
	"readers" bigint NOT NULL,
	"mrr" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_paid_spans" (
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"start_month" integer NOT NULL,
	"last_month" integer NOT NULL,
	"next_starts_at" timestamp with time zone,
	"next_ends_at" timestamp with time zone,
	CONSTRAINT "business_paid_spans_user_id_starts_at_pk" PRIMARY KEY("user_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "business_paying_charges" (
	"user_id" uuid NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"previous_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_reader_days" (
	"user_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"readers" bigint NOT NULL,
	"mrr" numeric NOT NULL,
	CONSTRAINT "business_reader_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "business_readers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_paid_at" timestamp with time zone,
	"first_charge_at" timestamp with time zone,
	"kept_mask" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_revenue_days" (
	"day" timestamp with time zone NOT NULL,
	"product" text NOT NULL,
	"name" varchar(120) NOT NULL,
	"charges" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	CONSTRAINT "business_revenue_days_day_product_pk" PRIMARY KEY("day","product")
);
--> statement-breakpoint
CREATE TABLE "business_trials" (
	"user_id" uuid NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"converted" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_paid_period_idx";--> statement-breakpoint
CREATE INDEX "business_paid_spans_starts_idx" ON "business_paid_spans" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "business_paid_spans_ends_idx" ON "business_paid_spans" USING btree ("ends_at","starts_at","next_starts_at","next_ends_at","user_id");--> statement-breakpoint
CREATE INDEX "business_paying_charges_user_idx" ON "business_paying_charges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_paying_charges_at_idx" ON "business_paying_charges" USING btree ("completed_at","previous_at");--> statement-breakpoint
CREATE INDEX "business_readers_first_paid_idx" ON "business_readers" USING btree ("first_paid_at");--> statement-breakpoint
CREATE INDEX "business_readers_first_charge_idx" ON "business_readers" USING btree ("first_charge_at");--> statement-breakpoint
CREATE INDEX "business_trials_user_idx" ON "business_trials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_trials_ends_idx" ON "business_trials" USING btree ("ends_at","converted");--> statement-breakpoint
CREATE INDEX "transactions_refunded_at_idx" ON "transactions" USING btree (greatest("updated_at", "completed_at")) WHERE "transactions"."status" = 'refunded';--> statement-breakpoint
-- Decision 0117 "Speed": summaries of each reader kept by triggers on transactions, recomputed
-- from scratch for the readers a statement touched (the definitions of
-- modules/business/business-sql.ts: a paid period, a charge of money, a subscriber's terms).
-- The first UTC midnight at or after an instant: the first one a stretch starting then covers.
CREATE FUNCTION "business_next_midnight"(x timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN x = date_trunc('day', x at time zone 'UTC') at time zone 'UTC' THEN x
    ELSE (date_trunc('day', x at time zone 'UTC') + interval '1 day') at time zone 'UTC' END
$$;
--> statement-breakpoint
-- The UTC month of an instant as one integer (year × 12 + month).
CREATE FUNCTION "business_month"(x timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(year from x at time zone 'UTC') * 12 + extract(month from x at time zone 'UTC'))::int
$$;
--> statement-breakpoint
CREATE FUNCTION "business_refresh_readers"(uids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(uids) = 0 THEN RETURN; END IF;
  -- One writer at a time until commit: two payments of one reader at once would otherwise both
  -- insert their rows, and the day totals are shared by everyone anyway.
  PERFORM pg_advisory_xact_lock(7242117);
  -- The readers' old shares out of the day totals.
  INSERT INTO business_days (day, readers, mrr)
    SELECT day, -sum(readers), -sum(mrr) FROM business_reader_days
    WHERE user_id = ANY(uids) GROUP BY day ORDER BY day
    ON CONFLICT (day) DO UPDATE SET readers = business_days.readers + excluded.readers,
      mrr = business_days.mrr + excluded.mrr;
  -- And out of the cohorts.
  INSERT INTO business_cohort_months (month, size, k1, k2, k3, k4, k5, k6)
    SELECT business_month(first_paid_at), -count(*),
      -count(*) FILTER (WHERE kept_mask & 2 <> 0),
      -count(*) FILTER (WHERE kept_mask & 4 <> 0),
      -count(*) FILTER (WHERE kept_mask & 8 <> 0),
      -count(*) FILTER (WHERE kept_mask & 16 <> 0),
      -count(*) FILTER (WHERE kept_mask & 32 <> 0),
      -count(*) FILTER (WHERE kept_mask & 64 <> 0)
    FROM business_readers WHERE user_id = ANY(uids) and first_paid_at IS NOT NULL
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET size = business_cohort_months.size + excluded.size,
      k1 = business_cohort_months.k1 + excluded.k1, k2 = business_cohort_months.k2 + excluded.k2,
      k3 = business_cohort_months.k3 + excluded.k3, k4 = business_cohort_months.k4 + excluded.k4,
      k5 = business_cohort_months.k5 + excluded.k5, k6 = business_cohort_months.k6 + excluded.k6;
  DELETE FROM business_reader_days WHERE user_id = ANY(uids);
  DELETE FROM business_readers WHERE user_id = ANY(uids);
  DELETE FROM business_paid_spans WHERE user_id = ANY(uids);

  INSERT INTO business_readers (user_id, first_paid_at, first_charge_at)
    SELECT user_id,
      min(completed_at) FILTER (WHERE kind = 'subscription' and status = 'completed' and not is_gift),
      min(completed_at)
    FROM transactions
    WHERE user_id = ANY(uids) and status in ('completed', 'refunded') and amount_cents > 0
      and provider <> 'gift'
    GROUP BY user_id;

  -- Paid periods merged where they overlap or touch: a reader's spans never share an instant.
  INSERT INTO business_paid_spans (user_id, starts_at, ends_at, start_month, last_month,
      next_starts_at, next_ends_at)
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
    SELECT user_id, min(s), max(e), business_month(min(s)),
      business_month(max(e) - interval '1 microsecond'),
      lead(min(s)) OVER (PARTITION BY user_id ORDER BY min(s)),
      lead(max(e)) OVER (PARTITION BY user_id ORDER BY min(s))
    FROM r GROUP BY user_id, g;

  UPDATE business_readers r SET kept_mask = coalesce((
    SELECT bit_or(CASE WHEN lo <= hi THEN (2 << hi) - (1 << lo) ELSE 0 END)
    FROM (SELECT greatest(1, x.start_month - business_month(r.first_paid_at)) AS lo,
        least(6, x.last_month - business_month(r.first_paid_at)) AS hi
      FROM business_paid_spans x WHERE x.user_id = r.user_id) m), 0)
  WHERE r.user_id = ANY(uids) and r.first_paid_at IS NOT NULL;

  -- Their new rows into the cohorts.
  INSERT INTO business_cohort_months (month, size, k1, k2, k3, k4, k5, k6)
    SELECT business_month(first_paid_at), count(*),
      count(*) FILTER (WHERE kept_mask & 2 <> 0),
      count(*) FILTER (WHERE kept_mask & 4 <> 0),
      count(*) FILTER (WHERE kept_mask & 8 <> 0),
      count(*) FILTER (WHERE kept_mask & 16 <> 0),
      count(*) FILTER (WHERE kept_mask & 32 <> 0),
      count(*) FILTER (WHERE kept_mask & 64 <> 0)
    FROM business_readers WHERE user_id = ANY(uids) and first_paid_at IS NOT NULL
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET size = business_cohort_months.size + excluded.size,
      k1 = business_cohort_months.k1 + excluded.k1, k2 = business_cohort_months.k2 + excluded.k2,
      k3 = business_cohort_months.k3 + excluded.k3, k4 = business_cohort_months.k4 + excluded.k4,
      k5 = business_cohort_months.k5 + excluded.k5, k6 = business_cohort_months.k6 + excluded.k6;

  -- Trials and whether they converted (CONVERSION_GRACE_DAYS: 7).
  DELETE FROM business_trials WHERE user_id = ANY(uids);
  INSERT INTO business_trials (user_id, ends_at, converted)
    SELECT t.user_id, t.completed_at + t.trial_days * interval '24 hours',
      exists (SELECT 1 FROM transactions t2 WHERE t2.user_id = t.user_id
        and t2.status in ('completed', 'refunded')
        and t2.kind = 'subscription' and t2.status = 'completed' and t2.amount_cents > 0
        and not t2.is_gift and t2.provider <> 'gift'
        and t2.completed_at >= t.completed_at
        and t2.completed_at < t.completed_at + t.trial_days * interval '24 hours' + 7 * interval '24 hours')
    FROM transactions t
    WHERE t.user_id = ANY(uids) and t.status in ('completed', 'refunded')
      and t.kind = 'subscription' and t.status = 'completed' and t.trial_days > 0 and not t.is_gift
      and t.completed_at IS NOT NULL;

  DELETE FROM business_paying_charges WHERE user_id = ANY(uids);
  INSERT INTO business_paying_charges (user_id, completed_at, previous_at)
    SELECT user_id, completed_at, lag(completed_at) OVER (PARTITION BY user_id ORDER BY completed_at, id)
    FROM transactions
    WHERE user_id = ANY(uids) and status in ('completed', 'refunded')
      and status = 'completed' and amount_cents > 0 and provider <> 'gift'
      and completed_at IS NOT NULL;

  -- Each terms row holds from its time to the next one's (the latest at or before an instant is
  -- the one holding then), at its price: a plan change's period price, else the charge less the
  -- proration a plan change just before it left on it.
  INSERT INTO business_reader_days (user_id, day, readers, mrr)
    WITH terms AS (
      SELECT user_id, completed_at AS c, period_cents, amount_cents,
        coalesce(duration_months, 1) AS months,
        lag(period_cents) OVER w AS prev_period, lag(adjustment_cents) OVER w AS prev_adjustment,
        coalesce(lead(completed_at) OVER w, 'infinity') AS nc
      FROM transactions
      WHERE user_id = ANY(uids) and status in ('completed', 'refunded')
        and kind = 'subscription' and status = 'completed' and not is_gift and provider <> 'gift'
        and (amount_cents > 0 or period_cents is not null)
      WINDOW w AS (PARTITION BY user_id ORDER BY completed_at, id)
    ), priced AS (
      SELECT user_id, c, nc, (case when period_cents is not null then period_cents
          else amount_cents - case when prev_period is not null
            then coalesce(prev_adjustment, 0) else 0 end end)::numeric / months AS monthly
      FROM terms
    ), seg AS (
      SELECT x.user_id, greatest(x.starts_at, p.c) AS s, least(x.ends_at, p.nc) AS e, p.monthly
      FROM business_paid_spans x JOIN priced p ON p.user_id = x.user_id
        and p.c < x.ends_at and p.nc > x.starts_at
      WHERE x.user_id = ANY(uids)
    ), ev AS (
      SELECT user_id, business_next_midnight(starts_at) AS d, 1 AS r, 0::numeric AS m
        FROM business_paid_spans WHERE user_id = ANY(uids)
      UNION ALL SELECT user_id, business_next_midnight(ends_at), -1, 0
        FROM business_paid_spans WHERE user_id = ANY(uids)
      UNION ALL SELECT user_id, business_next_midnight(s), 0, monthly FROM seg
      UNION ALL SELECT user_id, business_next_midnight(e), 0, -monthly FROM seg
    )
    SELECT user_id, d, sum(r), sum(m) FROM ev GROUP BY user_id, d
    HAVING sum(r) <> 0 or sum(m) <> 0;

  -- Their new shares into the day totals.
  INSERT INTO business_days (day, readers, mrr)
    SELECT day, sum(readers), sum(mrr) FROM business_reader_days
    WHERE user_id = ANY(uids) GROUP BY day ORDER BY day
    ON CONFLICT (day) DO UPDATE SET readers = business_days.readers + excluded.readers,
      mrr = business_days.mrr + excluded.mrr;
END $$;
--> statement-breakpoint
-- The UTC day an instant falls on, as its midnight.
CREATE FUNCTION "business_utc_day"(x timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('day', x at time zone 'UTC') at time zone 'UTC'
$$;
--> statement-breakpoint
-- Recompute the money of the given UTC days (business_revenue_days) from their rows: charges of
-- money taken that day, refunds given that day (business-sql.ts's charged, REFUNDED_AT and
-- PRODUCT_KEY).
CREATE FUNCTION "business_refresh_revenue"(days timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(days) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(7242117);
  DELETE FROM business_revenue_days WHERE day = ANY(days);
  INSERT INTO business_revenue_days (day, product, name, charges, gross, refunds)
    WITH d AS (
      SELECT day, (day at time zone 'UTC' + interval '1 day') at time zone 'UTC' AS next
      FROM (SELECT DISTINCT unnest(days) AS day) x
    ), r AS (
      SELECT d.day, t.is_gift, t.kind, t.pack_id, t.plan_key, t.duration_months, t.item_name,
        1 AS charges, t.amount_cents AS gross, 0 AS refunds
      FROM d JOIN transactions t ON t.status in ('completed', 'refunded') and t.amount_cents > 0
        and t.provider <> 'gift' and t.completed_at >= d.day and t.completed_at < d.next
      UNION ALL
      SELECT d.day, t.is_gift, t.kind, t.pack_id, t.plan_key, t.duration_months, t.item_name,
        0, 0, t.amount_cents
      FROM d JOIN transactions t ON t.status = 'refunded' and t.amount_cents > 0
        and t.provider <> 'gift' and greatest(t.updated_at, t.completed_at) >= d.day
        and greatest(t.updated_at, t.completed_at) < d.next
    )
    SELECT day, case
        when is_gift then 'gift'
        when kind = 'pack' then 'pack:' || coalesce(pack_id::text, 'eliminado')
        else 'plan:' || coalesce(plan_key, 'premium') || ':' || coalesce(duration_months, 1)
      end, max(item_name), sum(charges), sum(gross), sum(refunds)
    FROM r GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- Statement triggers with the rows changed: a bulk insert recomputes each reader and each day
-- once. Rows neither completed nor refunded (pending checkouts, failures) change no summary;
-- an update recomputes what the rows touched before and after it.
CREATE FUNCTION "business_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_refresh_readers(ARRAY(
    SELECT DISTINCT user_id FROM new_rows WHERE user_id IS NOT NULL and status in ('completed', 'refunded')));
  PERFORM business_refresh_revenue(ARRAY(SELECT d FROM (
    SELECT business_utc_day(completed_at) AS d FROM new_rows
      WHERE status in ('completed', 'refunded') and amount_cents > 0 and provider <> 'gift'
    UNION SELECT business_utc_day(greatest(updated_at, completed_at)) FROM new_rows
      WHERE status = 'refunded' and amount_cents > 0 and provider <> 'gift') x WHERE d IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "business_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_refresh_readers(ARRAY(
    SELECT DISTINCT user_id FROM old_rows WHERE user_id IS NOT NULL and status in ('completed', 'refunded')
    UNION SELECT user_id FROM new_rows WHERE user_id IS NOT NULL and status in ('completed', 'refunded')));
  PERFORM business_refresh_revenue(ARRAY(SELECT d FROM (
    SELECT business_utc_day(completed_at) AS d FROM old_rows
      WHERE status in ('completed', 'refunded') and amount_cents > 0 and provider <> 'gift'
    UNION SELECT business_utc_day(greatest(updated_at, completed_at)) FROM old_rows
      WHERE status = 'refunded' and amount_cents > 0 and provider <> 'gift'
    UNION SELECT business_utc_day(completed_at) AS d FROM new_rows
      WHERE status in ('completed', 'refunded') and amount_cents > 0 and provider <> 'gift'
    UNION SELECT business_utc_day(greatest(updated_at, completed_at)) FROM new_rows
      WHERE status = 'refunded' and amount_cents > 0 and provider <> 'gift') x WHERE d IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "business_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM business_refresh_readers(ARRAY(
    SELECT DISTINCT user_id FROM old_rows WHERE user_id IS NOT NULL and status in ('completed', 'refunded')));
  PERFORM business_refresh_revenue(ARRAY(SELECT d FROM (
    SELECT business_utc_day(completed_at) AS d FROM old_rows
      WHERE status in ('completed', 'refunded') and amount_cents > 0 and provider <> 'gift'
    UNION SELECT business_utc_day(greatest(updated_at, completed_at)) FROM old_rows
      WHERE status = 'refunded' and amount_cents > 0 and provider <> 'gift') x WHERE d IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "business_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE business_readers, business_paid_spans, business_reader_days, business_days,
    business_revenue_days, business_paying_charges, business_trials, business_cohort_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "business_summaries_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_after_insert();
--> statement-breakpoint
CREATE TRIGGER "business_summaries_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_after_update();
--> statement-breakpoint
CREATE TRIGGER "business_summaries_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_after_delete();
--> statement-breakpoint
CREATE TRIGGER "business_summaries_truncate" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION business_after_truncate();
--> statement-breakpoint
-- What is already there.
SELECT business_refresh_readers(ARRAY(SELECT DISTINCT user_id FROM transactions
  WHERE user_id IS NOT NULL and status in ('completed', 'refunded')));
--> statement-breakpoint
SELECT business_refresh_revenue(ARRAY(SELECT d FROM (
  SELECT business_utc_day(completed_at) AS d FROM transactions
    WHERE status in ('completed', 'refunded') and amount_cents > 0 and provider <> 'gift'
  UNION SELECT business_utc_day(greatest(updated_at, completed_at)) FROM transactions
    WHERE status = 'refunded' and amount_cents > 0 and provider <> 'gift') x WHERE d IS NOT NULL));
--> statement-breakpoint
ANALYZE "business_readers";--> statement-breakpoint
ANALYZE "business_paid_spans";--> statement-breakpoint
ANALYZE "business_days";--> statement-breakpoint
ANALYZE "business_revenue_days";--> statement-breakpoint
ANALYZE "business_paying_charges";--> statement-breakpoint
ANALYZE "business_trials";--> statement-breakpoint
ANALYZE "business_cohort_months";
