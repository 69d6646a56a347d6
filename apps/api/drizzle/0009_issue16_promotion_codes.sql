ALTER TABLE "transactions" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "promotion_code" varchar(100);