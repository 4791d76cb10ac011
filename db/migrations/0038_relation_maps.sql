-- Saved relational maps (issue 33 §5, decision 111): a record's map as a user arranged it — its centre record, the
-- nodes opened one step further and the positions of the nodes moved — owned by one user, published like a story
-- (`published_slug` made at the first publication and kept; `public` decides whether it answers).
CREATE TABLE "relation_maps" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"centre_table" text NOT NULL,
	"centre_id" text NOT NULL,
	"open" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"positions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"published_slug" text,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relation_maps" ADD CONSTRAINT "relation_maps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relation_maps_owner_idx" ON "relation_maps" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "relation_maps_published_slug_idx" ON "relation_maps" USING btree ("published_slug");
