CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_ad_id_pk" PRIMARY KEY("saved_search_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vertical" text NOT NULL,
	"filters" jsonb NOT NULL,
	"query" text NOT NULL,
	"mark_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"model_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT 'instant' NOT NULL,
	"digest_hour" smallint DEFAULT 9 NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_unalerted_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE alerted_at is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_unique" ON "saved_searches" USING btree ("user_id","vertical","query");--> statement-breakpoint
CREATE INDEX "saved_searches_vertical_idx" ON "saved_searches" USING btree ("vertical");--> statement-breakpoint
CREATE INDEX "saved_searches_mark_ids_idx" ON "saved_searches" USING gin ("mark_ids");--> statement-breakpoint
CREATE INDEX "saved_searches_model_ids_idx" ON "saved_searches" USING gin ("model_ids");