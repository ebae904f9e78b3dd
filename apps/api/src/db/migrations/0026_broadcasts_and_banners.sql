CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"slot" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"locales" text[] NOT NULL,
	"weight" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_weight_check" CHECK ("banners"."weight" between 1 and 100),
	CONSTRAINT "banners_days_check" CHECK ("banners"."ends_on" >= "banners"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"link" text,
	"channels" jsonb NOT NULL,
	"segment" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipients" integer NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"last_user_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_slot_idx" ON "banners" USING btree ("slot","ends_on") WHERE is_active;--> statement-breakpoint
CREATE INDEX "broadcasts_staff_idx" ON "broadcasts" USING btree ("staff_id","created_at");