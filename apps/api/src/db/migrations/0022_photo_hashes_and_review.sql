ALTER TABLE "ad_photos" ADD COLUMN "hash" bigint;--> statement-breakpoint
ALTER TABLE "ad_photos" ADD COLUMN "duplicate_of_id" integer;--> statement-breakpoint
ALTER TABLE "ad_photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_photos" ADD CONSTRAINT "ad_photos_duplicate_of_id_ad_photos_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."ad_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_photos_review_idx" ON "ad_photos" USING btree (("duplicate_of_id" is null),"id") WHERE reviewed_at is null and ad_id is not null;--> statement-breakpoint
CREATE INDEX "ad_photos_unhashed_idx" ON "ad_photos" USING btree ("id") WHERE hash is null;--> statement-breakpoint
-- Photos stored before the queue existed were seen with their ads: only new ones wait for review.
UPDATE "ad_photos" SET "reviewed_at" = "created_at" WHERE "ad_id" IS NOT NULL;
