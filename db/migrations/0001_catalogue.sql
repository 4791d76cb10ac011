CREATE TABLE "media" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_uid" bigint NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	"media_type" text NOT NULL,
	"mime" text,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"original" text,
	"external_url" text,
	"thumbnail" text,
	"medium" text,
	"large" text,
	"width" integer,
	"height" integer,
	"focal_x" real,
	"focal_y" real,
	"dominant_color" text
);
--> statement-breakpoint
CREATE TABLE "record_tags" (
	"record_uid" bigint NOT NULL,
	"tag_id" text NOT NULL,
	CONSTRAINT "record_tags_record_uid_tag_id_pk" PRIMARY KEY("record_uid","tag_id")
);
--> statement-breakpoint
CREATE TABLE "record_texts" (
	"record_uid" bigint NOT NULL,
	"locale" text NOT NULL,
	"label" text NOT NULL,
	"summary" text,
	"date_display" text,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(teca_ts_config(locale), coalesce(label, '')), 'A') || setweight(to_tsvector(teca_ts_config(locale), coalesce(summary, '')), 'B') || setweight(to_tsvector(teca_ts_config(locale), coalesce(body, '')), 'C')) STORED,
	CONSTRAINT "record_texts_record_uid_locale_pk" PRIMARY KEY("record_uid","locale"),
	CONSTRAINT "record_texts_locale_ck" CHECK ("record_texts"."locale" in ('it', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "record_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"uid" bigserial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"id" text NOT NULL,
	"type_id" integer,
	"access" smallint DEFAULT 1 NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"date_start" date,
	"date_end" date,
	"lat" double precision,
	"lng" double precision,
	"parent_id" text,
	"parent_path" text,
	"ord" integer DEFAULT 0 NOT NULL,
	"has_media" boolean DEFAULT false NOT NULL,
	"numero_prefix" text,
	"numero" text,
	"numero_bis" text,
	"focal_x" real,
	"focal_y" real,
	"source_url" text,
	"license" text,
	"attribution" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_access_ck" CHECK ("records"."access" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "relation_types" (
	"code" text PRIMARY KEY NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reverse_labels" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"from_uid" bigint NOT NULL,
	"to_table" text NOT NULL,
	"to_id" text NOT NULL,
	"type" text NOT NULL,
	"ord" integer DEFAULT 0 NOT NULL,
	"interstitial" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "relations_from_uid_to_table_to_id_type_pk" PRIMARY KEY("from_uid","to_table","to_id","type")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'common' NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" text,
	"path" text NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"field" text
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_slug_locale_pk" PRIMARY KEY("slug","locale")
);
--> statement-breakpoint
CREATE TABLE "site_options" (
	"locale" text PRIMARY KEY NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary_config" (
	"table_name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"summary_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"header_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "summary_config_table_name_role_pk" PRIMARY KEY("table_name","role")
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_record_uid_records_uid_fk" FOREIGN KEY ("record_uid") REFERENCES "public"."records"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_tags" ADD CONSTRAINT "record_tags_record_uid_records_uid_fk" FOREIGN KEY ("record_uid") REFERENCES "public"."records"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_tags" ADD CONSTRAINT "record_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_texts" ADD CONSTRAINT "record_texts_record_uid_records_uid_fk" FOREIGN KEY ("record_uid") REFERENCES "public"."records"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_type_id_record_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."record_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_from_uid_records_uid_fk" FOREIGN KEY ("from_uid") REFERENCES "public"."records"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_record_idx" ON "media" USING btree ("record_uid","ord");--> statement-breakpoint
CREATE INDEX "record_tags_tag_idx" ON "record_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "record_texts_tsv_idx" ON "record_texts" USING gin ("tsv");--> statement-breakpoint
CREATE UNIQUE INDEX "records_table_id_uq" ON "records" USING btree ("table_name","id");--> statement-breakpoint
CREATE INDEX "records_table_access_idx" ON "records" USING btree ("table_name","access");--> statement-breakpoint
CREATE INDEX "records_parent_idx" ON "records" USING btree ("table_name","parent_id");--> statement-breakpoint
CREATE INDEX "records_date_idx" ON "records" USING btree ("date_start");--> statement-breakpoint
CREATE INDEX "relations_to_idx" ON "relations" USING btree ("to_table","to_id");--> statement-breakpoint
CREATE INDEX "tags_parent_idx" ON "tags" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tags_path_idx" ON "tags" USING btree ("path");