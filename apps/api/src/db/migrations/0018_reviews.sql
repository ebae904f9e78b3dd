CREATE TABLE "phone_confirmations" (
	"phone" text NOT NULL,
	"user_id" integer NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_confirmations_phone_user_id_pk" PRIMARY KEY("phone","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"ad_id" integer,
	"vertical" text NOT NULL,
	"region_id" integer,
	"stars" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"reply_edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"moderation_reason" text,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "phone_confirmations" ADD CONSTRAINT "phone_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_confirmations_user_idx" ON "phone_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_unique" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_status_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_author_seller_unique" ON "reviews" USING btree ("author_id","seller_id");--> statement-breakpoint
CREATE INDEX "reviews_seller_list_idx" ON "reviews" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_seller_stars_idx" ON "reviews" USING btree ("seller_id","stars") WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_latest_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE hidden_at is null;--> statement-breakpoint
-- Every phone an account ever confirmed (decision 058): filled from user_phones by every path.
CREATE FUNCTION "record_phone_confirmation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.confirmed_at IS NOT NULL THEN
		INSERT INTO "phone_confirmations" ("phone", "user_id", "confirmed_at")
		VALUES (NEW.phone, NEW.user_id, NEW.confirmed_at)
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_phones_record_confirmation" AFTER INSERT OR UPDATE OF "confirmed_at", "phone" ON "user_phones"
	FOR EACH ROW EXECUTE FUNCTION "record_phone_confirmation"();--> statement-breakpoint
INSERT INTO "phone_confirmations" ("phone", "user_id", "confirmed_at")
	SELECT "phone", "user_id", "confirmed_at" FROM "user_phones" WHERE "confirmed_at" IS NOT NULL
	ON CONFLICT DO NOTHING;
