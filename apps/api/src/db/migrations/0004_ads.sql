CREATE TABLE "ad_complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_favorites" (
	"user_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_favorites_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"price_kgs" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_views" (
	"ad_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "ad_views_ad_id_visitor_day_pk" PRIMARY KEY("ad_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vertical" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"price_kgs" bigint NOT NULL,
	"price_usd" bigint NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"region_id" integer,
	"town_id" integer,
	"abroad_country" text,
	"video_url" text,
	"chat_only" boolean DEFAULT false NOT NULL,
	"phone_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fields" jsonb NOT NULL,
	"category" text,
	"special_type" text,
	"mark_id" integer,
	"model_id" integer,
	"generation_id" integer,
	"year" integer,
	"body" text,
	"fuel" text,
	"engine_volume" double precision,
	"power_hp" integer,
	"gearbox" text,
	"drive" text,
	"wheel_formula" text,
	"steering" text,
	"color" text,
	"mileage" integer,
	"engine_hours" integer,
	"payload_kg" integer,
	"seats" integer,
	"condition" text,
	"customs" text,
	"registration" text,
	"availability" text,
	"exchange" text,
	"installment" text,
	"moto_type" text,
	"engine_cc" integer,
	"engine_type" text,
	"final_drive" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, coalesce(title, '')), 'A') || to_tsvector('russian'::regconfig, coalesce(description, '')) || to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(description, ''))) STORED,
	"views" integer DEFAULT 0 NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"raised_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"extended_at" timestamp with time zone,
	"reject_reason" text,
	"reject_note" text,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "ads_status_check" CHECK ("ads"."status" in ('draft', 'pending', 'active', 'archived', 'sold', 'rejected', 'removed')),
	CONSTRAINT "ads_vertical_check" CHECK ("ads"."vertical" in ('car', 'commercial', 'moto', 'uslugi')),
	CONSTRAINT "ads_currency_check" CHECK ("ads"."currency" in ('KGS', 'USD')),
	CONSTRAINT "ads_price_check" CHECK ("ads"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ad_complaints" ADD CONSTRAINT "ad_complaints_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_complaints" ADD CONSTRAINT "ad_complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_favorites" ADD CONSTRAINT "ad_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_favorites" ADD CONSTRAINT "ad_favorites_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_views" ADD CONSTRAINT "ad_views_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_complaints_ad_user_unique" ON "ad_complaints" USING btree ("ad_id","user_id");--> statement-breakpoint
CREATE INDEX "ad_complaints_status_idx" ON "ad_complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ad_favorites_user_idx" ON "ad_favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_favorites_ad_idx" ON "ad_favorites" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "price_history_ad_idx" ON "price_history" USING btree ("ad_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "ads_expires_idx" ON "ads" USING btree ("expires_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_fresh_idx" ON "ads" USING btree ("vertical","raised_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_newest_idx" ON "ads" USING btree ("vertical","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_price_idx" ON "ads" USING btree ("vertical","price_kgs","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_year_idx" ON "ads" USING btree ("vertical","year","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_mileage_idx" ON "ads" USING btree ("vertical","mileage","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_category_idx" ON "ads" USING btree ("vertical","category") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_special_type_idx" ON "ads" USING btree ("special_type") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_model_idx" ON "ads" USING btree ("model_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_mark_idx" ON "ads" USING btree ("mark_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_generation_idx" ON "ads" USING btree ("generation_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_region_idx" ON "ads" USING btree ("vertical","region_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_town_idx" ON "ads" USING btree ("town_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_body_idx" ON "ads" USING btree ("body") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_fuel_idx" ON "ads" USING btree ("fuel") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_engine_volume_idx" ON "ads" USING btree ("engine_volume") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_power_idx" ON "ads" USING btree ("power_hp") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_gearbox_idx" ON "ads" USING btree ("gearbox") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_drive_idx" ON "ads" USING btree ("drive") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_wheel_formula_idx" ON "ads" USING btree ("wheel_formula") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_steering_idx" ON "ads" USING btree ("steering") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_color_idx" ON "ads" USING btree ("color") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_engine_hours_idx" ON "ads" USING btree ("engine_hours") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_payload_idx" ON "ads" USING btree ("payload_kg") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_seats_idx" ON "ads" USING btree ("seats") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_condition_idx" ON "ads" USING btree ("condition") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_customs_idx" ON "ads" USING btree ("customs") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_registration_idx" ON "ads" USING btree ("registration") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_availability_idx" ON "ads" USING btree ("availability") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_exchange_idx" ON "ads" USING btree ("exchange") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_installment_idx" ON "ads" USING btree ("installment") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_moto_type_idx" ON "ads" USING btree ("moto_type") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_engine_cc_idx" ON "ads" USING btree ("engine_cc") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_engine_type_idx" ON "ads" USING btree ("engine_type") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_final_drive_idx" ON "ads" USING btree ("final_drive") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "ads_search_idx" ON "ads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ads_title_trgm_idx" ON "ads" USING gin ("title" gin_trgm_ops);