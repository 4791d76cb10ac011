-- Image downloads by capability (issue 32 §2, decision 098): every download is logged, for the register and
-- for the user's own list on their account. The record is kept by its table and id as well as the media row:
-- a re-import replaces media rows (media_id then becomes null), and the log outlives it.
CREATE TABLE "downloads" (
  "id" bigserial PRIMARY KEY,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "media_id" bigint REFERENCES "media"("id") ON DELETE SET NULL,
  "record_table" text NOT NULL,
  "record_id" text NOT NULL,
  "size" text NOT NULL,
  "watermarked" boolean NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "address" text,
  CONSTRAINT "downloads_size_ck" CHECK ("size" in ('low', 'high'))
);--> statement-breakpoint
CREATE INDEX "downloads_user_at_idx" ON "downloads" ("user_id", "at" DESC);--> statement-breakpoint
CREATE INDEX "downloads_at_idx" ON "downloads" ("at" DESC);--> statement-breakpoint
CREATE INDEX "downloads_media_idx" ON "downloads" ("media_id");
