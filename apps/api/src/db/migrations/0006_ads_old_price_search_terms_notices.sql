CREATE TABLE "ad_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "ad_notices_kind_check" CHECK ("ad_notices"."kind" in ('expiry-warning'))
);
--> statement-breakpoint
DROP INDEX "ads_title_trgm_idx";--> statement-breakpoint
DROP INDEX "ads_user_idx";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "title_key" text GENERATED ALWAYS AS (translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(translate(title || ' ' || search_terms, 'ABCDEFGHIJKLMNOPQRSTUVWXYZАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯҢӨҮ', 'abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщъыьэюяңөү'), 'sch', 'ш'), 'ch', 'ч'), 'ck', 'k'), 'ph', 'f'), 'kh', 'h'), 'th', 't'), 'ce', 'se'), 'ci', 'si'), 'cy', 'si'), 'c', 'k'), 'q', 'k'), 'x', 'ks'), 'w', 'v'), 'ee', 'i'), 'oo', 'u'), 'дж', 'j'), 'ж', 'zh'), 'ч', 'ch'), 'ш', 'sh'), 'щ', 'sh'), 'ц', 'ts'), 'х', 'h'), 'ю', 'iu'), 'я', 'ia'), 'абвгдеёзийклмнопрстуфыэңөүyъь', 'abvgdeeziiklmnoprstufienoui')) STORED;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "old_price" integer;--> statement-breakpoint
ALTER TABLE "ad_notices" ADD CONSTRAINT "ad_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_notices" ADD CONSTRAINT "ad_notices_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_notices_ad_kind_expiry_unique" ON "ad_notices" USING btree ("ad_id","kind","expires_at");--> statement-breakpoint
CREATE INDEX "ad_notices_undelivered_idx" ON "ad_notices" USING btree ("created_at") WHERE delivered_at is null;--> statement-breakpoint
CREATE INDEX "ads_title_key_trgm_idx" ON "ads" USING gin ("title_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("user_id","status","id");