DROP INDEX "transactions_pending_pack_uq";--> statement-breakpoint
DROP INDEX "transactions_pending_subscription_uq";--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD COLUMN "purchase_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "gift_recipient_email" varchar(254);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "gift_message" varchar(300);--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_purchase_transaction_id_transactions_id_fk" FOREIGN KEY ("purchase_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_batches_purchase_uq" ON "gift_code_batches" USING btree ("purchase_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_pending_pack_uq" ON "transactions" USING btree ("user_id","pack_id") WHERE "transactions"."status" = 'pending' and "transactions"."kind" = 'pack' and not "transactions"."is_gift";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_pending_subscription_uq" ON "transactions" USING btree ("user_id") WHERE "transactions"."status" = 'pending' and "transactions"."kind" = 'subscription' and not "transactions"."is_gift";