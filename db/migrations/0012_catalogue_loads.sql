CREATE TABLE "catalogue_loads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"records" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
