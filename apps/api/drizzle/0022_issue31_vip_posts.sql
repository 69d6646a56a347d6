CREATE TABLE "telegram_vip_posts" (
	"tip_id" uuid NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" uuid,
	"message_id" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_vip_posts_tip_id_chat_id_pk" PRIMARY KEY("tip_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_vip_posts" ADD CONSTRAINT "telegram_vip_posts_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_vip_posts" ADD CONSTRAINT "telegram_vip_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;