-- Prefix matching on titles without stemming: "vedu" must find "Veduta", whose
-- Italian stem is "ved". A simple (unaccented, unstemmed) vector of the label.
ALTER TABLE record_texts ADD COLUMN label_tsv tsvector GENERATED ALWAYS AS (to_tsvector('teca_simple'::regconfig, coalesce(label, ''))) STORED;--> statement-breakpoint
CREATE INDEX record_texts_label_tsv_idx ON record_texts USING gin (label_tsv);
