-- Searches always name the locale: one GIN index per locale avoids AND-ing a
-- locale bitmap over every record on each search.
CREATE INDEX record_texts_tsv_it_idx ON record_texts USING gin (tsv) WHERE locale = 'it';--> statement-breakpoint
CREATE INDEX record_texts_tsv_en_idx ON record_texts USING gin (tsv) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX record_texts_tsv_fr_idx ON record_texts USING gin (tsv) WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX record_texts_label_tsv_it_idx ON record_texts USING gin (label_tsv) WHERE locale = 'it';--> statement-breakpoint
CREATE INDEX record_texts_label_tsv_en_idx ON record_texts USING gin (label_tsv) WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX record_texts_label_tsv_fr_idx ON record_texts USING gin (label_tsv) WHERE locale = 'fr';--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_tsv_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_label_tsv_idx;
