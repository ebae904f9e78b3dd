CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"price" bigint NOT NULL,
	"ad_limits" jsonb NOT NULL,
	"raise_credits" integer DEFAULT 0 NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_code_unique" UNIQUE("code"),
	CONSTRAINT "plans_price_positive" CHECK ("plans"."price" > 0),
	CONSTRAINT "plans_raise_credits_not_negative" CHECK ("plans"."raise_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"period_price" bigint NOT NULL,
	"raise_credits_left" integer DEFAULT 0 NOT NULL,
	"renewal_notice_sent_for" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "subscriptions_raise_credits_not_negative" CHECK ("subscriptions"."raise_credits_left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_current_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" IN ('active', 'cancelled');--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("paid_until") WHERE "subscriptions"."status" IN ('active', 'cancelled');--> statement-breakpoint
-- The plans on sale at launch (decision 064); prices in tyiyn a month. Staff change them later.
INSERT INTO "plans" ("code", "names", "price", "ad_limits", "raise_credits", "features", "sort_order") VALUES
  ('start', '{"ky":"Старт","ru":"Старт","en":"Start"}', 30000, '{"car":10,"commercial":10,"moto":10,"uslugi":15}', 5, '[]', 1),
  ('pro', '{"ky":"Про","ru":"Про","en":"Pro"}', 90000, '{"car":30,"commercial":30,"moto":30,"uslugi":50}', 20, '["statistics"]', 2),
  ('business', '{"ky":"Бизнес","ru":"Бизнес","en":"Business"}', 250000, '{"car":100,"commercial":100,"moto":100,"uslugi":200}', 60, '["statistics","businessCover","businessMorePhotos","businessHighlight"]', 3)
ON CONFLICT ("code") DO NOTHING;
