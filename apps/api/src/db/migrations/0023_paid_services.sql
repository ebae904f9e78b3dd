CREATE TABLE "ad_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"vertical" text NOT NULL,
	"service" text NOT NULL,
	"days" integer,
	"price" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"raise_time" text,
	"next_raise_at" timestamp with time zone,
	"raises_left" integer,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"ledger_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_purchases_price_positive" CHECK ("ad_purchases"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"vertical" text NOT NULL,
	"service" text NOT NULL,
	"days" integer,
	"price" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_unique" UNIQUE NULLS NOT DISTINCT("vertical","service","days"),
	CONSTRAINT "service_prices_price_positive" CHECK ("service_prices"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "ad_purchases" ADD CONSTRAINT "ad_purchases_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_purchases" ADD CONSTRAINT "ad_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_purchases" ADD CONSTRAINT "ad_purchases_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_purchases_ad_idx" ON "ad_purchases" USING btree ("ad_id","ends_at");--> statement-breakpoint
CREATE INDEX "ad_purchases_vertical_idx" ON "ad_purchases" USING btree ("vertical","service","starts_at");--> statement-breakpoint
CREATE INDEX "ad_purchases_due_raise_idx" ON "ad_purchases" USING btree ("next_raise_at") WHERE raises_left > 0;--> statement-breakpoint
-- Default prices (decision 063), in tyiyn: cars, commercial and moto alike, services (uslugi) cheaper.
INSERT INTO "service_prices" ("vertical", "service", "days", "price")
SELECT v.vertical, p.service, p.days, CASE WHEN v.vertical = 'uslugi' THEN p.services_price ELSE p.price END
FROM (VALUES ('car'), ('commercial'), ('moto'), ('uslugi')) AS v(vertical)
CROSS JOIN (VALUES
	('raise', NULL::integer, 5000, 3000),
	('autoRaise', NULL::integer, 4000, 2500),
	('top', 1, 10000, 6000),
	('top', 3, 25000, 15000),
	('top', 7, 50000, 30000),
	('vip', 1, 20000, 12000),
	('vip', 3, 50000, 30000),
	('vip', 7, 100000, 60000),
	('premium', 2, 80000, 50000),
	('highlight', 7, 15000, 10000),
	('urgent', 7, 15000, 10000)
) AS p(service, days, price, services_price);
