CREATE TYPE "public"."gift_code_type" AS ENUM('plan', 'pack');--> statement-breakpoint
CREATE TABLE "gift_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "gift_code_type" NOT NULL,
	"plan_id" uuid,
	"plan_key" varchar(50),
	"months" smallint,
	"pack_id" uuid,
	"item_name" varchar(120) NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"note" varchar(200),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_code_batches_months_range" CHECK (months between 1 and 24),
	CONSTRAINT "gift_code_batches_grant" CHECK ((type = 'plan' and months is not null and plan_key is not null) or (type = 'pack' and months is null))
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"hint" varchar(4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid,
	"transaction_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_batch_id_gift_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_hash_uq" ON "gift_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_codes_created_idx" ON "gift_codes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_codes_batch_idx" ON "gift_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "gift_codes_redeemed_by_idx" ON "gift_codes" USING btree ("redeemed_by");