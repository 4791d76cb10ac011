-- Typo tolerance on labels (pg_trgm) and the filters search uses.
CREATE INDEX IF NOT EXISTS record_texts_label_trgm_idx ON record_texts USING gin (label gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS records_table_type_idx ON records (table_name, type_id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS records_has_media_idx ON records (has_media);
