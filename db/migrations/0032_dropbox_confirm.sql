-- A file from the drop box no longer shows the moment it is attached (issue 31 §2, decision 092). Attaching
-- makes a media row that is `pending`: hidden from every viewer (the access policy's mediaVisible leaves it
-- out, so the record page, the IIIF manifest, the media files, the cards and the search flags ignore it)
-- until an administrator confirms it. The staged file stays in the staging area meanwhile, linked to its
-- media (`media_id`), so that undoing the attach returns it there as it was; confirming removes it. A media
-- row deleted otherwise (a re-import of its record) returns the file to the staging area (set null).
-- A media item carries its own licence and credit (the photograph's rights, not the record's source).
ALTER TABLE "media" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "license" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "credit" text;--> statement-breakpoint
ALTER TABLE "staging_files" ADD COLUMN "media_id" bigint REFERENCES "media"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "staging_files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staging_files_media_uq" ON "staging_files" ("media_id") WHERE "media_id" IS NOT NULL;
