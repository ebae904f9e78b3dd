CREATE TABLE "ad_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ad_id" integer,
	"base" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"avif" boolean DEFAULT false NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "photo_count" integer GENERATED ALWAYS AS (jsonb_array_length(photos)) STORED;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "pending_revision" jsonb;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "premium_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "vip_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "top_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "urgent_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "highlight_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_photos" ADD CONSTRAINT "ad_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_photos" ADD CONSTRAINT "ad_photos_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_photos_ad_idx" ON "ad_photos" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "ad_photos_user_idx" ON "ad_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_views_idx" ON "ads" USING btree ("vertical","views","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_urgent_idx" ON "ads" USING btree ("urgent_until") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_promoted_idx" ON "ads" USING btree ("vertical","premium_until","vip_until","top_until") WHERE status = 'active' and (premium_until is not null or vip_until is not null or top_until is not null);