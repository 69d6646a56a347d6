CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" varchar(12) NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_id_country" varchar(2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_id" varchar(40);--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_uq" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_seq_uq" ON "receipts" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_transaction_kind_uq" ON "receipts" USING btree ("transaction_id","kind");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tax_id_pair" CHECK (("users"."tax_id_country" is null) = ("users"."tax_id" is null));