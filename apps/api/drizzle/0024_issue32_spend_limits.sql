CREATE TABLE "spend_limits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"limit_cents" integer,
	"pending_limit_cents" integer,
	"pending_from" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_limits_positive_ck" CHECK ("spend_limits"."limit_cents" is null or "spend_limits"."limit_cents" > 0),
	CONSTRAINT "spend_limits_pending_ck" CHECK ("spend_limits"."pending_limit_cents" is null or ("spend_limits"."pending_limit_cents" > 0 and "spend_limits"."pending_from" is not null))
);
--> statement-breakpoint
ALTER TABLE "spend_limits" ADD CONSTRAINT "spend_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;