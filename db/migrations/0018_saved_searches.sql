CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'it' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"hero" boolean DEFAULT false NOT NULL,
	"alert" text DEFAULT 'none' NOT NULL,
	"alert_mark" bigint DEFAULT 0 NOT NULL,
	"alert_checked_at" timestamp with time zone,
	"alert_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_title_ck" CHECK (char_length("title") between 1 and 200),
	CONSTRAINT "saved_searches_locale_ck" CHECK ("locale" in ('it', 'en', 'fr')),
	CONSTRAINT "saved_searches_alert_ck" CHECK ("alert" in ('none', 'daily', 'weekly')),
	CONSTRAINT "saved_searches_hero_public_ck" CHECK (not "hero" or "public")
);
--> statement-breakpoint
CREATE TABLE "saved_search_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_tokens" ADD CONSTRAINT "saved_search_tokens_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_hero_idx" ON "saved_searches" USING btree ("updated_at") WHERE "hero";--> statement-breakpoint
CREATE INDEX "saved_searches_alert_idx" ON "saved_searches" USING btree ("alert_checked_at") WHERE "alert" <> 'none';--> statement-breakpoint
CREATE INDEX "saved_search_tokens_search_idx" ON "saved_search_tokens" USING btree ("saved_search_id","created_at");
