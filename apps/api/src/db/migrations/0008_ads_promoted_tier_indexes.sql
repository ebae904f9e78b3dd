DROP INDEX "ads_promoted_idx";--> statement-breakpoint
CREATE INDEX "ads_premium_idx" ON "ads" USING btree ("vertical","raised_at","id") WHERE status = 'active' and premium_until is not null;--> statement-breakpoint
CREATE INDEX "ads_vip_idx" ON "ads" USING btree ("vertical","raised_at","id") WHERE status = 'active' and vip_until is not null;--> statement-breakpoint
CREATE INDEX "ads_top_idx" ON "ads" USING btree ("vertical","raised_at","id") WHERE status = 'active' and top_until is not null;