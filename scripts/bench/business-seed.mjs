// The business dashboard's bench data (issue 33, decision 0117): BUSINESS_READERS readers
// (100,000) and exactly BUSINESS_TRANSACTIONS transactions (1,000,000) over the 24 months up to
// now, written by set-based SQL (INSERT … SELECT over generate_series) in one session: a
// row-by-row load of a million rows would take longer than the measurement itself.
//
// The shape follows apps/api/test/business-history.ts (the figures test's generator), at scale:
// sign-ups growing over time, first-visit sources and utm on the accounts and their purchases,
// subscriptions monthly (Premium, Básico) and yearly renewing month after month until they
// stop, 7-day trials converted or not, discounts on a first charge, upgrades Básico → Premium
// (a plan-change row, the proration on the next charge), readers who come back after a while,
// refunds, failed renewals, packs, gifts sold and redeemed; the rest up to the million are
// abandoned checkouts (expired), as a live shop's table holds many of them.
import pg from 'pg';

export const BUSINESS_READERS = Number(process.env.BENCH_BUSINESS_READERS ?? 100_000);
export const BUSINESS_TRANSACTIONS = Number(process.env.BENCH_BUSINESS_TRANSACTIONS ?? 1_000_000);
export const BUSINESS_MONTHS = 24;

// The bench's rows, found again by these marks to be replaced or removed.
const EMAIL_LIKE = "'negocio-%@bench.magotips.test'";
const PACK_MARK = "'Bench de negocio'";

/** Monthly retention of a monthly subscriber, yearly retention of a yearly one. */
const RETAIN_MONTHLY = 0.96;
const RETAIN_YEARLY = 0.7;

const at = (expr) => `date_trunc('second', ${expr})`;
const plusMonths = (instant, months) => `((${instant} at time zone 'UTC') + make_interval(months => ${months})) at time zone 'UTC'`;
const userUtm = `u.utm_source, u.utm_medium, u.utm_campaign, u.ref_code`;

function statements(readers) {
  return [
    // A deterministic history: random() follows the seed for the rest of the session.
    'select setseed(0.33)',
    `create temp table bp on commit drop as
     with made as (
       insert into packs (nombre, descripcion, price_cents, activo)
       values ('Pack Negocio Champions', ${PACK_MARK}, 1500, false), ('Pack Negocio Liga', ${PACK_MARK}, 2500, false)
       returning id, nombre, price_cents)
     select row_number() over (order by price_cents) - 1 as n, * from made`,
    // Sign-ups grow over the two years (density rising linearly: sqrt of a uniform).
    `create temp table br on commit drop as
     select i, gen_random_uuid() as id,
       ${at(`now() - interval '${BUSINESS_MONTHS} months' + (interval '${BUSINESS_MONTHS} months') * sqrt(random())`)} as created_at,
       random() as r_src
     from generate_series(1, ${readers}) i`,
    `insert into users (id, first_name, last_name, email, date_of_birth, created_at, updated_at,
       utm_source, utm_medium, utm_campaign, ref_code)
     select id, 'Lector', 'Negocio ' || i, 'negocio-' || i || '@bench.magotips.test', '1990-01-01', created_at, created_at,
       case when r_src < 0.20 then 'google' when r_src < 0.32 then 'instagram' when r_src < 0.40 then 'tiktok'
         when r_src < 0.47 then 'telegram' when r_src < 0.50 then 'newsletter' end,
       case when r_src < 0.20 then 'cpc' when r_src < 0.47 then 'social' when r_src < 0.50 then 'email' end,
       case when r_src < 0.50 then 'campana-' || (i % 7) end,
       case when r_src >= 0.50 and r_src < 0.56 then 'AMIGO' || (i % 997) end
     from br`,
    // Subscribers: a plan, a start within 10 days of signing up, a trial on a third of the
    // monthly ones (two in three convert, within 3 days of its end).
    `create temp table bs on commit drop as
     select br.id as user_id, br.created_at, random() as r_plan, random() as r_trial, random() as r_conv,
       ${at(`br.created_at + random() * interval '10 days'`)} as start_at
     from br where random() < 0.8`,
    `insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, status,
       is_recurring, provider, trial_days, trial_then_cents, completed_at, created_at, updated_at,
       utm_source, utm_medium, utm_campaign, ref_code)
     select s.user_id, 'subscription', case when r_plan < 0.55 then 'Premium' else 'Básico' end,
       case when r_plan < 0.55 then 'premium' else 'basico' end, 1, 0, 'completed', true, 'stripe', 7,
       case when r_plan < 0.55 then 999 else 499 end, s.start_at, s.start_at, s.start_at, ${userUtm}
     from bs s join users u on u.id = s.user_id
     where s.r_plan < 0.85 and s.r_trial < 0.3 and s.start_at < now()`,
    // Stints of paid periods: the first, from the start (or the trial's end); n charges, the
    // retention geometric; 6 % of Básico ones upgrade after charge m.
    `create temp table stints on commit drop as
     select user_id, 1 as stint,
       case when r_plan < 0.55 then 'premium' when r_plan < 0.85 then 'basico' else 'premium' end as plan_key,
       case when r_plan < 0.85 then 1 else 12 end as months,
       case when r_plan < 0.85 and r_trial < 0.3 then ${at(`start_at + interval '7 days' + random() * interval '3 days'`)} else start_at end as first_at,
       1 + floor(ln(1 - random()) / ln(case when r_plan < 0.85 then ${RETAIN_MONTHLY} else ${RETAIN_YEARLY} end))::int as n,
       random() < 0.1 as discounted,
       case when r_plan >= 0.55 and r_plan < 0.85 and random() < 0.06 then floor(random() * 6)::int end as change_k
     from bs where not (r_plan < 0.85 and r_trial < 0.3 and r_conv >= 0.65)`,
    // 12 % of those who stopped come back 40–150 days later, on the same plan.
    `insert into stints
     select user_id, 2, plan_key, months,
       ${at(`${plusMonths('first_at', 'n * months')} + (40 + random() * 110) * interval '1 day'`)},
       1 + floor(ln(1 - random()) / ln(case months when 1 then ${RETAIN_MONTHLY} else ${RETAIN_YEARLY} end))::int, false, null
     from stints where ${plusMonths('first_at', 'n * months')} < now() and random() < 0.12`,
    `create temp table ch on commit drop as
     select * from (
       select s.*, k, ${at(`${plusMonths('s.first_at', 'k * s.months')} + random() * interval '2 hours'`)} as at_,
         random() < 0.03 as refunded, random() as r_refund, s.plan_key = 'premium' or k > s.change_k as premium
       from stints s, generate_series(0, s.n - 1) k
     ) c where at_ < now()`,
    // The charges: after an upgrade, Premium, its first charge carrying the 2.50 proration.
    `insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, discount_cents,
       status, is_recurring, provider, completed_at, created_at, updated_at, utm_source, utm_medium, utm_campaign, ref_code)
     select user_id, 'subscription', case when premium then 'Premium' else 'Básico' end,
       case when premium then 'premium' else 'basico' end, months,
       cents - coalesce(discount, 0) + case when k = change_k + 1 then 250 else 0 end, discount,
       case when refunded then 'refunded' else 'completed' end::transaction_status, true, 'stripe', at_, at_,
       case when refunded then least(now(), ${at(`at_ + r_refund * interval '240 hours'`)}) else at_ end,
       utm_source, utm_medium, utm_campaign, ref_code
     from (
       select c.*, ${userUtm}, case when c.discounted and c.k = 0 then round(b.cents * 0.1)::int end as discount, b.cents
       from ch c join users u on u.id = c.user_id,
       lateral (select case when c.months = 12 then 9990 when c.premium then 999 else 499 end as cents) b
     ) x`,
    `insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, status, is_recurring,
       provider, period_cents, adjustment_cents, completed_at, created_at, updated_at)
     select c.user_id, 'subscription', 'Premium', 'premium', 1, 0, 'completed', true, 'stripe', 999, 250,
       c.at_ + interval '10 days', c.at_ + interval '10 days', c.at_ + interval '10 days'
     from ch c where k = c.change_k and c.at_ + interval '10 days' < now()`,
    // A failed renewal attempt before 2 % of the charges (the provider retried it).
    `insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, status, is_recurring,
       provider, created_at, updated_at)
     select user_id, 'subscription', case when premium then 'Premium' else 'Básico' end, plan_key, months,
       case when months = 12 then 9990 when premium then 999 else 499 end, 'failed', true, 'stripe',
       at_ - interval '1 hour', at_ - interval '1 hour'
     from ch where k > 0 and random() < 0.02`,
    // Packs: 30 % of readers buy 1 to 4, 5 % refunded.
    `insert into transactions (user_id, kind, pack_id, item_name, amount_cents, status, provider, completed_at,
       created_at, updated_at, utm_source, utm_medium, utm_campaign, ref_code)
     select u.id, 'pack', p.id, p.nombre, p.price_cents, case when x.refunded then 'refunded' else 'completed' end::transaction_status,
       'stripe', x.at_, x.at_, case when x.refunded then least(now(), x.at_ + interval '2 days') else x.at_ end, ${userUtm}
     from (select id, 1 + floor(random() * 6)::int as bought from br where random() < 0.4) b
     join users u on u.id = b.id,
     lateral (
       select ${at(`u.created_at + random() * (now() - u.created_at)`)} as at_, random() < 0.05 as refunded,
         floor(random() * 2)::int as pick
       from generate_series(1, b.bought) g
     ) x
     join bp p on p.n = x.pick`,
    // Gifts: 3 % of readers buy one (10 % refunded), 2 % redeem a code (no money).
    `insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, status, provider,
       is_gift, completed_at, created_at, updated_at)
     select br.id, 'subscription', 'Premium', 'premium', 3, 2997,
       case when x.refunded then 'refunded' else 'completed' end::transaction_status, 'stripe', true,
       x.at_, x.at_, case when x.refunded then least(now(), x.at_ + interval '1 day') else x.at_ end
     from br, lateral (select ${at(`br.created_at + random() * (now() - br.created_at)`)} as at_, random() < 0.1 as refunded) x
     where random() < 0.03`,
    `insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, status, provider,
       completed_at, created_at, updated_at)
     select br.id, 'subscription', 'Premium', 'premium', 3, 0, 'completed', 'gift',
       least(now(), br.created_at + interval '1 day'), least(now(), br.created_at + interval '1 day'), least(now(), br.created_at + interval '1 day')
     from br where random() < 0.02`,
  ];
}

/** Abandoned checkouts (expired, never completed) up to `total` bench transactions. */
const fillUp = (readers, total) => `
  insert into transactions (user_id, kind, item_name, plan_key, duration_months, amount_cents, status, is_recurring,
    provider, expires_at, created_at, updated_at)
  select br.id, 'subscription', 'Premium', 'premium', 1, 999, 'expired', true, 'stripe', x.at_ + interval '1 day', x.at_, x.at_ + interval '1 day'
  from (select g, (g * 7919) % ${readers} + 1 as i from generate_series(1, greatest(0, ${total} - (
    select count(*) from transactions t join users u on u.id = t.user_id where u.email like ${EMAIL_LIKE}))) g) s
  join br on br.i = s.i,
  lateral (select ${at(`br.created_at + random() * (now() - br.created_at - interval '1 day')`)} as at_, s.g as _g) x`;

async function withClient(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Removes an earlier run's readers, their transactions and packs. */
export async function removeBusinessData(databaseUrl) {
  await withClient(databaseUrl, async (c) => {
    await c.query(`delete from transactions where user_id in (select id from users where email like ${EMAIL_LIKE})`);
    await c.query(`delete from users where email like ${EMAIL_LIKE}`);
    await c.query(`delete from packs where descripcion = ${PACK_MARK}`);
  });
}

/** What is there now: the bench's readers and transactions. */
export async function businessCounts(databaseUrl) {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query(`select count(distinct u.id)::int as readers, count(t.id)::int as transactions
      from users u left join transactions t on t.user_id = u.id where u.email like ${EMAIL_LIKE}`);
    return rows[0];
  });
}

/** Writes the history (replacing an earlier one) and gathers the planner's statistics. */
export async function seedBusiness(databaseUrl, readers = BUSINESS_READERS, total = BUSINESS_TRANSACTIONS) {
  const started = performance.now();
  await removeBusinessData(databaseUrl);
  const removedMs = Math.round(performance.now() - started);
  await withClient(databaseUrl, async (c) => {
    // A bench load: nothing is lost if the machine stops before the WAL reaches the disk.
    await c.query('set synchronous_commit = off');
    await c.query('begin');
    for (const text of statements(readers)) await c.query(text);
    await c.query(fillUp(readers, total));
    await c.query('commit');
  });
  const insertMs = Math.round(performance.now() - started) - removedMs;
  const analyzeStarted = performance.now();
  // As autovacuum would after a bulk load, before the first request plans its queries.
  await withClient(databaseUrl, (c) => c.query('vacuum analyze users, transactions'));
  const analyzeMs = Math.round(performance.now() - analyzeStarted);
  return { ...(await businessCounts(databaseUrl)), removedMs, insertMs, analyzeMs };
}
