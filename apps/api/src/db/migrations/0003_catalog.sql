CREATE TABLE "catalog_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"entry_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_complectations" (
	"id" serial PRIMARY KEY NOT NULL,
	"generation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"body" text NOT NULL,
	"engine_volume" double precision,
	"power_hp" integer,
	"fuel" text NOT NULL,
	"gearbox" text NOT NULL,
	"drive" text NOT NULL,
	"fuel_consumption" double precision,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"seats" integer,
	"merged_into_id" integer,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "catalog_complectations_engine_check" CHECK ("catalog_complectations"."engine_volume" is null or "catalog_complectations"."engine_volume" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer,
	"is_restyling" boolean DEFAULT false NOT NULL,
	"merged_into_id" integer,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "catalog_generations_years_check" CHECK ("catalog_generations"."year_to" is null or "catalog_generations"."year_to" >= "catalog_generations"."year_from")
);
--> statement-breakpoint
CREATE TABLE "catalog_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_cyrillic" text,
	"country" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"merged_into_id" integer,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "catalog_marks_kind_check" CHECK ("catalog_marks"."kind" in ('car', 'commercial', 'moto')),
	CONSTRAINT "catalog_marks_popularity_check" CHECK ("catalog_marks"."popularity" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "catalog_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"mark_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_cyrillic" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer,
	"popularity" integer DEFAULT 0 NOT NULL,
	"merged_into_id" integer,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "catalog_models_years_check" CHECK ("catalog_models"."year_to" is null or "catalog_models"."year_to" >= "catalog_models"."year_from"),
	CONSTRAINT "catalog_models_popularity_check" CHECK ("catalog_models"."popularity" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "catalog_search_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"mark_id" integer NOT NULL,
	"model_id" integer,
	"popularity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_complectations" ADD CONSTRAINT "catalog_complectations_generation_id_catalog_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."catalog_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_complectations" ADD CONSTRAINT "catalog_complectations_merged_into_id_catalog_complectations_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."catalog_complectations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_generations" ADD CONSTRAINT "catalog_generations_model_id_catalog_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."catalog_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_generations" ADD CONSTRAINT "catalog_generations_merged_into_id_catalog_generations_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."catalog_generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_marks" ADD CONSTRAINT "catalog_marks_merged_into_id_catalog_marks_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."catalog_marks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_models" ADD CONSTRAINT "catalog_models_mark_id_catalog_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."catalog_marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_models" ADD CONSTRAINT "catalog_models_merged_into_id_catalog_models_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."catalog_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_search_terms" ADD CONSTRAINT "catalog_search_terms_mark_id_catalog_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."catalog_marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_search_terms" ADD CONSTRAINT "catalog_search_terms_model_id_catalog_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."catalog_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_changes_entry_idx" ON "catalog_changes" USING btree ("level","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_complectations_generation_slug_unique" ON "catalog_complectations" USING btree ("generation_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_generations_model_slug_unique" ON "catalog_generations" USING btree ("model_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_marks_kind_slug_unique" ON "catalog_marks" USING btree ("kind","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_models_mark_slug_unique" ON "catalog_models" USING btree ("mark_id","slug");--> statement-breakpoint
CREATE INDEX "catalog_search_terms_prefix_idx" ON "catalog_search_terms" USING btree ("kind","term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalog_search_terms_term_idx" ON "catalog_search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalog_search_terms_mark_idx" ON "catalog_search_terms" USING btree ("mark_id");--> statement-breakpoint
CREATE INDEX "catalog_search_terms_model_idx" ON "catalog_search_terms" USING btree ("model_id");