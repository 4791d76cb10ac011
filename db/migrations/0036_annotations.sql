-- Annotations with moderation (issue 32 §1, decision 097): a signed-in user's note on a record, optionally on a
-- region of one of its images ({x, y, w, h} as fractions of the full image), private to its author until a
-- curator approves it. `media_id` is set null when an import re-creates the record's media: the note stays.
-- `annotation_reads` holds each manager's reading of a note (the menu's dot is per manager): a note changed
-- after it was read is unread again.
CREATE TABLE "annotations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_uid" bigint NOT NULL REFERENCES "records"("uid") ON DELETE CASCADE,
	"media_id" bigint REFERENCES "media"("id") ON DELETE SET NULL,
	"region" jsonb,
	"body" text NOT NULL,
	"locale" text NOT NULL,
	"author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"named" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"moderated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "annotations_record_idx" ON "annotations" ("record_uid", "status");--> statement-breakpoint
CREATE INDEX "annotations_author_idx" ON "annotations" ("author_id");--> statement-breakpoint
CREATE INDEX "annotations_updated_idx" ON "annotations" ("updated_at");--> statement-breakpoint
CREATE TABLE "annotation_reads" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"annotation_id" bigint NOT NULL REFERENCES "annotations"("id") ON DELETE CASCADE,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_reads_pk" PRIMARY KEY ("user_id", "annotation_id")
);
