CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"code" text NOT NULL,
	"name_ky" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "regions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name_ky" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "towns" ADD CONSTRAINT "towns_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "towns_region_slug_unique" ON "towns" USING btree ("region_id","slug");--> statement-breakpoint
CREATE INDEX "towns_region_idx" ON "towns" USING btree ("region_id");