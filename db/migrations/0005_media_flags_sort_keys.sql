-- has_media now means "has an image every visitor may see"; images shown only
-- to privileged viewers set has_restricted_media. Sort keys per locale (label in
-- that locale, else Italian) let the search order a page without joining texts.
ALTER TABLE records ADD COLUMN has_restricted_media boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE records ADD COLUMN sort_it text;--> statement-breakpoint
ALTER TABLE records ADD COLUMN sort_en text;--> statement-breakpoint
ALTER TABLE records ADD COLUMN sort_fr text;--> statement-breakpoint
UPDATE records r SET
  has_media = EXISTS (SELECT 1 FROM media m WHERE m.record_uid = r.uid AND m.media_type = 'image' AND NOT m.restricted),
  has_restricted_media = EXISTS (SELECT 1 FROM media m WHERE m.record_uid = r.uid AND m.media_type = 'image' AND m.restricted),
  sort_it = (SELECT lower(label) FROM record_texts t WHERE t.record_uid = r.uid AND t.locale = 'it'),
  sort_en = (SELECT lower(label) FROM record_texts t WHERE t.record_uid = r.uid ORDER BY (t.locale = 'en') DESC, (t.locale = 'it') DESC LIMIT 1),
  sort_fr = (SELECT lower(label) FROM record_texts t WHERE t.record_uid = r.uid ORDER BY (t.locale = 'fr') DESC, (t.locale = 'it') DESC LIMIT 1);--> statement-breakpoint
UPDATE records r SET sort_it = (SELECT lower(label) FROM record_texts t WHERE t.record_uid = r.uid ORDER BY t.locale LIMIT 1) WHERE sort_it IS NULL;
