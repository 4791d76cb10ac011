CREATE TABLE "collection_shares" (
	"collection_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_shares_collection_id_email_pk" PRIMARY KEY("collection_id","email"),
	CONSTRAINT "collection_shares_role_ck" CHECK ("role" in ('reader', 'editor')),
	CONSTRAINT "collection_shares_email_ck" CHECK ("email" = lower("email") and char_length("email") between 3 and 320)
);
--> statement-breakpoint
CREATE TABLE "collection_links" (
	"id" text PRIMARY KEY NOT NULL,
	"collection_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_shares" ADD CONSTRAINT "collection_shares_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_links" ADD CONSTRAINT "collection_links_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_shares_email_idx" ON "collection_shares" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_links_token_hash_idx" ON "collection_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "collection_links_collection_idx" ON "collection_links" USING btree ("collection_id","created_at");
