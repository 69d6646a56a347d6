CREATE TABLE "vip_group_members" (
	"telegram_user_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"state" varchar(10) NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"invites" integer DEFAULT 1 NOT NULL,
	"invite_link" varchar(255),
	"invite_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_group_members_state_ck" CHECK ("vip_group_members"."state" in ('inviting', 'invited', 'member', 'removing', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "vip_group_members" ADD CONSTRAINT "vip_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_group_members_user_idx" ON "vip_group_members" USING btree ("user_id");