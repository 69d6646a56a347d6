CREATE TABLE "trial_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email_hash" varchar(64) NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "grants_all_vip_tips" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "includes_packs" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grants_all_vip_tips" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "includes_packs" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_then_cents" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "trial_then_cents" integer;--> statement-breakpoint
ALTER TABLE "trial_uses" ADD CONSTRAINT "trial_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_uses_transaction_uq" ON "trial_uses" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "trial_uses_user_idx" ON "trial_uses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trial_uses_email_idx" ON "trial_uses" USING btree ("email_hash");