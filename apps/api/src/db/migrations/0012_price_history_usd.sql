ALTER TABLE "price_history" ADD COLUMN "price_usd" bigint;--> statement-breakpoint
-- Earlier prices in USD: a USD price is itself; the rate of a som price's write was not kept, so it
-- is converted at the site's rate (the `usdRate` setting, its default when unset).
UPDATE "price_history" SET "price_usd" = CASE
  WHEN "currency" = 'USD' THEN "price"
  ELSE round("price_kgs" / coalesce(
    (SELECT ("value" #>> '{}')::numeric FROM "settings" WHERE "key" = 'usdRate'),
    87.5
  ))::bigint
END;--> statement-breakpoint
ALTER TABLE "price_history" ALTER COLUMN "price_usd" SET NOT NULL;
