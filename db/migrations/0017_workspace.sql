CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"cover_table" text,
	"cover_id" text,
	"public" boolean DEFAULT false NOT NULL,
	"published_slug" text,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"collection_id" text NOT NULL,
	"record_table" text NOT NULL,
	"record_id" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_collection_id_record_table_record_id_pk" PRIMARY KEY("collection_id","record_table","record_id")
);
--> statement-breakpoint
CREATE TABLE "workspace_prefs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current_collection_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_prefs" ADD CONSTRAINT "workspace_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_prefs" ADD CONSTRAINT "workspace_prefs_current_collection_id_collections_id_fk" FOREIGN KEY ("current_collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_owner_idx" ON "collections" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_published_slug_idx" ON "collections" USING btree ("published_slug");--> statement-breakpoint
CREATE INDEX "collection_items_position_idx" ON "collection_items" USING btree ("collection_id","position");
