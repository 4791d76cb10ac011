-- Reproduction requests (issue 32 §3, decision 099). A signed-in user asks for a reproduction of a record's
-- image; the rights office approves (watermarked or not, a link living `expires_at`) or refuses with a reason.
-- "Expired" is not stored: an approved request whose `expires_at` is past is shown expired. Only the SHA-256 of
-- the download link's token is kept. The record's uid, title and inventory are kept too, so the register
-- still names what was asked for when the media or the record goes (media_id set null).
CREATE TABLE "reproduction_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"media_id" bigint REFERENCES "media"("id") ON DELETE SET NULL,
	"record_uid" bigint,
	"record_table" text NOT NULL,
	"record_id" text NOT NULL,
	"record_title" text NOT NULL,
	"record_type" text NOT NULL DEFAULT '',
	"record_inventory" text NOT NULL DEFAULT '',
	"purpose" text NOT NULL,
	"resolution" text NOT NULL,
	"format" text NOT NULL,
	"notes" text NOT NULL DEFAULT '',
	"locale" text NOT NULL DEFAULT 'it',
	"terms_page" text NOT NULL,
	"terms_version" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL DEFAULT 'pending',
	"reason" text,
	"watermarked" boolean,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reproduction_requests_purpose_ck" CHECK ("purpose" in ('study', 'publication', 'exhibition', 'commercial')),
	CONSTRAINT "reproduction_requests_resolution_ck" CHECK ("resolution" in ('low', 'high')),
	CONSTRAINT "reproduction_requests_format_ck" CHECK ("format" in ('jpeg', 'tiff')),
	CONSTRAINT "reproduction_requests_notes_ck" CHECK (char_length("notes") <= 2000),
	CONSTRAINT "reproduction_requests_status_ck" CHECK ("status" in ('pending', 'approved', 'not_approved')),
	CONSTRAINT "reproduction_requests_decided_ck" CHECK (
		("status" = 'pending' and "decided_at" is null and "token_hash" is null)
		or ("status" = 'approved' and "decided_at" is not null and "watermarked" is not null and "token_hash" is not null and "expires_at" is not null)
		or ("status" = 'not_approved' and "decided_at" is not null and char_length(coalesce("reason", '')) between 1 and 2000))
);
--> statement-breakpoint
CREATE INDEX "reproduction_requests_created_idx" ON "reproduction_requests" ("created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX "reproduction_requests_requester_idx" ON "reproduction_requests" ("requester_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reproduction_requests_token_idx" ON "reproduction_requests" ("token_hash") WHERE "token_hash" IS NOT NULL;
