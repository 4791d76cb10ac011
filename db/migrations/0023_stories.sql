CREATE TABLE "stories" (
	"id" text PRIMARY KEY NOT NULL,
	"collection_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"published_slug" text,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_collection_idx" ON "stories" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "stories_owner_idx" ON "stories" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_published_slug_idx" ON "stories" USING btree ("published_slug");--> statement-breakpoint
CREATE INDEX "stories_published_idx" ON "stories" USING btree ("published_at") WHERE "public";
