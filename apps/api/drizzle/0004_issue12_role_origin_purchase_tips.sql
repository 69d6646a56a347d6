CREATE TABLE "pack_purchase_tips" (
	"purchase_id" uuid NOT NULL,
	"tip_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_purchase_tips_purchase_id_tip_id_pk" PRIMARY KEY("purchase_id","tip_id")
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "is_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pack_purchase_tips" ADD CONSTRAINT "pack_purchase_tips_purchase_id_pack_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."pack_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_purchase_tips" ADD CONSTRAINT "pack_purchase_tips_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_purchase_tips_tip_idx" ON "pack_purchase_tips" USING btree ("tip_id");--> statement-breakpoint
-- hand-written: roles given before this column existed with no assigner are kept as system roles.
-- A seeded role and one orphaned by a deleted admin look alike in old rows; keeping both is the
-- cautious choice (decision 0027). From now on an assigner's deletion leaves is_system false.
UPDATE "user_roles" SET "is_system" = true WHERE "assigned_by" IS NULL;--> statement-breakpoint
-- hand-written: every standing purchase keeps the tips its pack holds today (decision 0028).
INSERT INTO "pack_purchase_tips" ("purchase_id", "tip_id", "position")
SELECT pp."id", pt."tip_id", pt."position"
FROM "pack_purchases" pp
JOIN "pack_tips" pt ON pt."pack_id" = pp."pack_id"
WHERE pp."revoked_at" IS NULL
ON CONFLICT DO NOTHING;
