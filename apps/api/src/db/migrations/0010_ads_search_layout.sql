-- One GIN index over the list-filter columns needs the btree operator classes for GIN.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "ad_title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "ads_model_idx";--> statement-breakpoint
DROP INDEX "ads_mark_idx";--> statement-breakpoint
DROP INDEX "ads_title_key_trgm_idx";--> statement-breakpoint
CREATE INDEX "ad_title_words_trgm_idx" ON "ad_title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_mark_fresh_idx" ON "ads" USING btree ("vertical","mark_id","raised_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_model_fresh_idx" ON "ads" USING btree ("vertical","model_id","raised_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_model_price_idx" ON "ads" USING btree ("vertical","model_id","price_kgs","id","mark_id","generation_id","year","mileage") WHERE status = 'active';--> statement-breakpoint
DROP INDEX "ads_premium_idx";--> statement-breakpoint
DROP INDEX "ads_vip_idx";--> statement-breakpoint
DROP INDEX "ads_top_idx";--> statement-breakpoint
CREATE INDEX "ads_premium_idx" ON "ads" USING btree ("vertical","raised_at","id","mark_id","model_id","year","price_kgs","region_id") WHERE status = 'active' and premium_until is not null;--> statement-breakpoint
CREATE INDEX "ads_vip_idx" ON "ads" USING btree ("vertical","raised_at","id","mark_id","model_id","year","price_kgs","region_id") WHERE status = 'active' and vip_until is not null;--> statement-breakpoint
CREATE INDEX "ads_top_idx" ON "ads" USING btree ("vertical","raised_at","id","mark_id","model_id","year","price_kgs","region_id") WHERE status = 'active' and top_until is not null;
--> statement-breakpoint
DROP INDEX "ads_category_idx";--> statement-breakpoint
DROP INDEX "ads_special_type_idx";--> statement-breakpoint
DROP INDEX "ads_generation_idx";--> statement-breakpoint
DROP INDEX "ads_region_idx";--> statement-breakpoint
DROP INDEX "ads_town_idx";--> statement-breakpoint
DROP INDEX "ads_body_idx";--> statement-breakpoint
DROP INDEX "ads_fuel_idx";--> statement-breakpoint
DROP INDEX "ads_engine_volume_idx";--> statement-breakpoint
DROP INDEX "ads_power_idx";--> statement-breakpoint
DROP INDEX "ads_gearbox_idx";--> statement-breakpoint
DROP INDEX "ads_drive_idx";--> statement-breakpoint
DROP INDEX "ads_wheel_formula_idx";--> statement-breakpoint
DROP INDEX "ads_steering_idx";--> statement-breakpoint
DROP INDEX "ads_color_idx";--> statement-breakpoint
DROP INDEX "ads_engine_hours_idx";--> statement-breakpoint
DROP INDEX "ads_payload_idx";--> statement-breakpoint
DROP INDEX "ads_seats_idx";--> statement-breakpoint
DROP INDEX "ads_condition_idx";--> statement-breakpoint
DROP INDEX "ads_customs_idx";--> statement-breakpoint
DROP INDEX "ads_registration_idx";--> statement-breakpoint
DROP INDEX "ads_availability_idx";--> statement-breakpoint
DROP INDEX "ads_exchange_idx";--> statement-breakpoint
DROP INDEX "ads_installment_idx";--> statement-breakpoint
DROP INDEX "ads_moto_type_idx";--> statement-breakpoint
DROP INDEX "ads_engine_cc_idx";--> statement-breakpoint
DROP INDEX "ads_engine_type_idx";--> statement-breakpoint
DROP INDEX "ads_final_drive_idx";--> statement-breakpoint
CREATE INDEX "ads_filters_idx" ON "ads" USING gin ("region_id","town_id","mark_id","model_id","generation_id","body","fuel","gearbox","drive","steering","color","condition","customs","registration","availability","exchange","installment","category","special_type","wheel_formula","moto_type","engine_type","final_drive") WHERE status = 'active';
--> statement-breakpoint
-- Search reads the text vector of every ad it passes: keep it (and the title key) in the row, and
-- move the wide columns (photos, fields, description) out to TOAST sooner, so a row is about half a
-- kilobyte smaller. Existing rows take the layout when rewritten (an update, or VACUUM FULL).
ALTER TABLE "ads" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "title_key" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "ads" SET (toast_tuple_target = 1024);--> statement-breakpoint
-- The title words of every ad written, as the `simple` configuration splits the title key (the
-- lexemes `search_vector` holds); numbers and words of one or two letters are left out.
CREATE FUNCTION "ad_title_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ad_title_words" ("word")
  SELECT "lexeme" FROM unnest(to_tsvector('simple'::regconfig, NEW."title_key"))
  WHERE length("lexeme") BETWEEN 3 AND 40 AND "lexeme" !~ '^[0-9.,]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ads_title_words" AFTER INSERT OR UPDATE OF "title", "search_terms" ON "ads"
  FOR EACH ROW EXECUTE FUNCTION "ad_title_words_add"();--> statement-breakpoint
INSERT INTO "ad_title_words" ("word")
SELECT DISTINCT "lexeme" FROM "ads", unnest(to_tsvector('simple'::regconfig, "ads"."title_key"))
WHERE length("lexeme") BETWEEN 3 AND 40 AND "lexeme" !~ '^[0-9.,]+$'
ON CONFLICT DO NOTHING;
