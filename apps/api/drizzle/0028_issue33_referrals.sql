CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_discounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_promotion_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_user_id" uuid PRIMARY KEY NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"first_transaction_id" uuid NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"reward_transaction_id" uuid,
	CONSTRAINT "referrals_status_ck" CHECK ("referrals"."status" in ('pending', 'rewarded', 'refunded', 'self', 'capped', 'gone'))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "offered_promotion_code" varchar(100);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "offered_percent_off" integer;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_discounts" ADD CONSTRAINT "referral_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_first_transaction_id_transactions_id_fk" FOREIGN KEY ("first_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_transaction_id_transactions_id_fk" FOREIGN KEY ("reward_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_uq" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_discounts_code_uq" ON "referral_discounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_user_id","status","settled_at");--> statement-breakpoint
CREATE INDEX "referrals_settled_idx" ON "referrals" USING btree ("status","settled_at");--> statement-breakpoint
CREATE INDEX "users_ref_code_lower_idx" ON "users" USING btree (lower("ref_code"));