ALTER TABLE "transactions" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "ref_code" varchar(32);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ref_code" varchar(32);