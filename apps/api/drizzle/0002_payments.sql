CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_customer_id" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_provider_uq" ON "payment_customers" USING btree ("provider","provider_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_pending_pack_uq" ON "transactions" USING btree ("user_id","pack_id") WHERE "transactions"."status" = 'pending' and "transactions"."kind" = 'pack';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_pending_subscription_uq" ON "transactions" USING btree ("user_id") WHERE "transactions"."status" = 'pending' and "transactions"."kind" = 'subscription';--> statement-breakpoint
CREATE INDEX "transactions_payment_idx" ON "transactions" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "transactions_provider_sub_idx" ON "transactions" USING btree ("provider_subscription_id");