-- A gift extends a Stripe subscription before Stripe moves its billing date: until it does, the
-- date Stripe will charge is kept here (null: at end_date). Issue 29 item 12, decision 0086.
ALTER TABLE "subscriptions" ADD COLUMN "next_charge_at" timestamp with time zone;