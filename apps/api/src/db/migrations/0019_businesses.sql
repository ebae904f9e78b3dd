CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"link" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" jsonb,
	"cover" jsonb,
	"region_id" integer NOT NULL,
	"town_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"phone_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"hours" jsonb NOT NULL,
	"website" text,
	"socials" jsonb NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description || ' ' || address)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_kind_check" CHECK ("businesses"."kind" in ('dealer', 'service_station', 'rental', 'parts', 'tow', 'driving_school', 'other')),
	CONSTRAINT "businesses_point_check" CHECK (("businesses"."lat" is null) = ("businesses"."lng" is null))
);
--> statement-breakpoint
ALTER TABLE "ad_photos" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_town_id_towns_id_fk" FOREIGN KEY ("town_id") REFERENCES "public"."towns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_owner_unique" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_link_unique" ON "businesses" USING btree ("link");--> statement-breakpoint
CREATE INDEX "businesses_directory_idx" ON "businesses" USING btree ("is_verified","name","id");--> statement-breakpoint
CREATE INDEX "businesses_search_idx" ON "businesses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_business_fresh_idx" ON "ads" USING btree ("business_id","vertical","raised_at","id") WHERE status = 'active';