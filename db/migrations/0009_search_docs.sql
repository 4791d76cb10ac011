-- Search documents: one narrow row per record and locale holding everything a
-- search filters, sorts and counts by, so a search without words reads one
-- small table and no joins; the text vectors sit in search_texts, one row per
-- record and locale carrying the locale's texts and the Italian ones (the
-- fallback) in one vector (see docs/decisions/007-search-documents.md).
-- Rows are kept by teca_refresh_search_docs(uids), which the importer calls
-- for every batch.
ALTER TABLE "tags" ADD COLUMN "num" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "tags_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_num_uq" ON "tags" USING btree ("num");--> statement-breakpoint
CREATE TABLE search_docs (
  locale text NOT NULL,
  record_uid bigint NOT NULL REFERENCES records(uid) ON DELETE CASCADE,
  table_name text NOT NULL,
  type_id integer,
  access smallint NOT NULL,
  date_start date,
  date_end date,
  decade smallint,
  has_media boolean NOT NULL,
  has_restricted_media boolean NOT NULL,
  -- numbers of the record's tags and their ancestors, sorted
  tag_nums integer[] NOT NULL,
  -- the same cut to the two top levels of the tree: few distinct sets, so counting the tree's usual
  -- view (roots and their children) groups documents by them
  tag_top integer[] NOT NULL,
  sort_key text NOT NULL,
  PRIMARY KEY (locale, record_uid)
) PARTITION BY LIST (locale);--> statement-breakpoint
-- One partition per locale: a search reads only its locale's rows.
CREATE TABLE search_docs_it PARTITION OF search_docs FOR VALUES IN ('it');--> statement-breakpoint
CREATE TABLE search_docs_en PARTITION OF search_docs FOR VALUES IN ('en');--> statement-breakpoint
CREATE TABLE search_docs_fr PARTITION OF search_docs FOR VALUES IN ('fr');--> statement-breakpoint
CREATE INDEX search_docs_record_idx ON search_docs (record_uid);--> statement-breakpoint
CREATE INDEX search_docs_tags_idx ON search_docs USING gin (tag_nums);--> statement-breakpoint
-- The text vectors of the same documents, apart: they are wide (hundreds of bytes), and only searches
-- with words read them, through their GIN indexes.
CREATE TABLE search_texts (
  locale text NOT NULL,
  record_uid bigint NOT NULL REFERENCES records(uid) ON DELETE CASCADE,
  -- label words, stemmed and unstemmed: title matches and prefixes of title words
  title_tsv tsvector NOT NULL,
  -- all words, weighted (A label, B summary, C body)
  tsv tsvector NOT NULL,
  PRIMARY KEY (locale, record_uid)
) PARTITION BY LIST (locale);--> statement-breakpoint
CREATE TABLE search_texts_it PARTITION OF search_texts FOR VALUES IN ('it');--> statement-breakpoint
CREATE TABLE search_texts_en PARTITION OF search_texts FOR VALUES IN ('en');--> statement-breakpoint
CREATE TABLE search_texts_fr PARTITION OF search_texts FOR VALUES IN ('fr');--> statement-breakpoint
CREATE INDEX search_texts_record_idx ON search_texts (record_uid);--> statement-breakpoint
CREATE INDEX search_texts_tsv_idx ON search_texts USING gin (tsv);--> statement-breakpoint
CREATE INDEX search_texts_title_idx ON search_texts USING gin (title_tsv);--> statement-breakpoint
-- The words of the catalogue's labels (unaccented, lower case): typo tolerance looks up similar words here
-- (a small table) and searches with them, instead of comparing whole labels. Words are only added.
CREATE TABLE search_words (word text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION teca_refresh_search_docs(uids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM record_texts t, unnest(tsvector_to_array(t.label_tsv)) AS w
  WHERE t.record_uid = ANY(uids) AND length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ON CONFLICT (word) DO NOTHING;
  DELETE FROM search_docs WHERE record_uid = ANY(uids);
  DELETE FROM search_texts WHERE record_uid = ANY(uids);
  INSERT INTO search_docs (locale, record_uid, table_name, type_id, access, date_start, date_end, decade, has_media,
    has_restricted_media, tag_nums, tag_top, sort_key)
  SELECT l.locale, r.uid, r.table_name, r.type_id, r.access, r.date_start, r.date_end,
    (floor(extract(year FROM r.date_start) / 10) * 10)::smallint,
    r.has_media, r.has_restricted_media,
    coalesce((SELECT array_agg(t.num ORDER BY t.num) FROM tags t WHERE t.id = ANY(r.tag_ids)), '{}'),
    coalesce((SELECT array_agg(t.num ORDER BY t.num) FROM tags t WHERE t.id = ANY(r.tag_ids) AND t.depth <= 1), '{}'),
    coalesce(CASE l.locale WHEN 'it' THEN r.sort_it WHEN 'en' THEN r.sort_en ELSE r.sort_fr END, r.id)
  FROM records r CROSS JOIN (VALUES ('it'), ('en'), ('fr')) AS l(locale)
  WHERE r.uid = ANY(uids);
  INSERT INTO search_texts (locale, record_uid, title_tsv, tsv)
  SELECT l.locale, r.uid,
    coalesce(ts_filter(own.tsv, '{a}'), '') || coalesce(own.label_tsv, '')
      || coalesce(ts_filter(it.tsv, '{a}'), '') || coalesce(it.label_tsv, ''),
    coalesce(own.tsv, '') || coalesce(it.tsv, '')
  FROM records r
  CROSS JOIN (VALUES ('it'), ('en'), ('fr')) AS l(locale)
  LEFT JOIN record_texts own ON own.record_uid = r.uid AND own.locale = l.locale
  LEFT JOIN record_texts it ON it.record_uid = r.uid AND it.locale = 'it' AND l.locale <> 'it'
  WHERE r.uid = ANY(uids);
$$;--> statement-breakpoint
SELECT teca_refresh_search_docs(array_agg(uid)) FROM records;--> statement-breakpoint
-- Searches and suggestions read search_texts now: the text indexes of record_texts only slowed imports.
DROP INDEX IF EXISTS record_texts_tsv_it_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_tsv_en_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_tsv_fr_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_label_tsv_it_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_label_tsv_en_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_label_tsv_fr_idx;--> statement-breakpoint
DROP INDEX IF EXISTS record_texts_label_trgm_idx;
