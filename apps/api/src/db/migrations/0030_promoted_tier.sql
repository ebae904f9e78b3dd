-- The promoted block reads one index in its own order (tier, then freshest first) instead of one
-- index per tier: a search statement plans one part for it, not three (decision 094).
ALTER TABLE "ads" ADD COLUMN "promoted_tier" smallint;--> statement-breakpoint
-- The strongest placement in force: premium 1, VIP 2, TOP 3, none null. The one home of the rule,
-- for the trigger below and the `promoted-tiers` job.
CREATE FUNCTION "ad_promoted_tier"(premium timestamptz, vip timestamptz, top timestamptz)
RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN premium > now() THEN 1 WHEN vip > now() THEN 2 WHEN top > now() THEN 3 END::smallint
$$;--> statement-breakpoint
CREATE FUNCTION "ads_promoted_tier_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.promoted_tier := ad_promoted_tier(NEW.premium_until, NEW.vip_until, NEW.top_until);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ads_promoted_tier" BEFORE INSERT OR UPDATE OF "premium_until", "vip_until", "top_until" ON "ads"
  FOR EACH ROW EXECUTE FUNCTION "ads_promoted_tier_set"();--> statement-breakpoint
UPDATE "ads" SET "promoted_tier" = ad_promoted_tier("premium_until", "vip_until", "top_until")
  WHERE "premium_until" > now() OR "vip_until" > now() OR "top_until" > now();--> statement-breakpoint
DROP INDEX "ads_premium_idx";--> statement-breakpoint
DROP INDEX "ads_vip_idx";--> statement-breakpoint
DROP INDEX "ads_top_idx";--> statement-breakpoint
CREATE INDEX "ads_promoted_idx" ON "ads" USING btree ("vertical","promoted_tier","raised_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"mark_id","model_id","year","price_kgs","region_id") WHERE status = 'active' and promoted_tier is not null;
