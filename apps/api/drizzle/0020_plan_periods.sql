CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_row_id" uuid NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_subscription_id" varchar(255),
	"transaction_id" uuid NOT NULL,
	"plan_id" uuid,
	"plan_key" varchar(50) NOT NULL,
	"plan_name" varchar(100) NOT NULL,
	"from_plan_name" varchar(100) NOT NULL,
	"duration_months" integer NOT NULL,
	"period_cents" integer NOT NULL,
	"grants_all_vip_tips" boolean NOT NULL,
	"includes_packs" boolean NOT NULL,
	"proration_date" timestamp with time zone NOT NULL,
	"proration_cents" integer NOT NULL,
	"charged_now" boolean NOT NULL,
	"amount_due_now_cents" integer NOT NULL,
	"next_charge_at" timestamp with time zone,
	"next_charge_cents" integer NOT NULL,
	"status" varchar(10) DEFAULT 'quoted' NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "yearly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_adjustment_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "period_cents" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "adjustment_cents" integer;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_subscription_row_id_subscriptions_id_fk" FOREIGN KEY ("subscription_row_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_changes_user_idx" ON "plan_changes" USING btree ("user_id","created_at" DESC NULLS LAST);