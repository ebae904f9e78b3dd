-- The "fresh" sort's indexes also carry the common filters' columns, tested on the index entries:
-- a filtered search freshest first reads only the rows it shows (decision 095).
DROP INDEX "ads_fresh_idx";--> statement-breakpoint
DROP INDEX "ads_mark_fresh_idx";--> statement-breakpoint
DROP INDEX "ads_model_fresh_idx";--> statement-breakpoint
CREATE INDEX "ads_fresh_idx" ON "ads" USING btree ("vertical","raised_at","id","region_id","mark_id","model_id","year","price_kgs") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_mark_fresh_idx" ON "ads" USING btree ("vertical","mark_id","raised_at","id","model_id","region_id","year","price_kgs") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_model_fresh_idx" ON "ads" USING btree ("vertical","model_id","raised_at","id","mark_id","generation_id","region_id","year","price_kgs") WHERE status = 'active';