-- Search documents: one narrow row per record and locale holding everything a
-- search filters, sorts and counts by, so a search reads one table and no
-- joins (see docs/decisions/007-search-documents.md). The locale's row carries
-- the locale's texts and the Italian ones (the fallback) in one vector.
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
  -- label words, stemmed and unstemmed: title matches and prefixes of title words
  title_tsv tsvector NOT NULL,
  -- all words, weighted (A label, B summary, C body)
  tsv tsvector NOT NULL,
  PRIMARY KEY (locale, record_uid)
) PARTITION BY LIST (locale);--> statement-breakpoint
-- One partition per locale: a search reads only its locale's rows.
CREATE TABLE search_docs_it PARTITION OF search_docs FOR VALUES IN ('it');--> statement-breakpoint
CREATE TABLE search_docs_en PARTITION OF search_docs FOR VALUES IN ('en');--> statement-breakpoint
CREATE TABLE search_docs_fr PARTITION OF search_docs FOR VALUES IN ('fr');--> statement-breakpoint
CREATE INDEX search_docs_record_idx ON search_docs (record_uid);--> statement-breakpoint
CREATE INDEX search_docs_tsv_idx ON search_docs USING gin (tsv);--> statement-breakpoint
CREATE INDEX search_docs_title_idx ON search_docs USING gin (title_tsv);--> statement-breakpoint
CREATE INDEX search_docs_tags_idx ON search_docs USING gin (tag_nums);--> statement-breakpoint
CREATE FUNCTION teca_refresh_search_docs(uids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_docs WHERE record_uid = ANY(uids);
  INSERT INTO search_docs (locale, record_uid, table_name, type_id, access, date_start, date_end, decade, has_media,
    has_restricted_media, tag_nums, tag_top, sort_key, title_tsv, tsv)
  SELECT l.locale, r.uid, r.table_name, r.type_id, r.access, r.date_start, r.date_end,
    (floor(extract(year FROM r.date_start) / 10) * 10)::smallint,
    r.has_media, r.has_restricted_media,
    coalesce((SELECT array_agg(t.num ORDER BY t.num) FROM tags t WHERE t.id = ANY(r.tag_ids)), '{}'),
    coalesce((SELECT array_agg(t.num ORDER BY t.num) FROM tags t WHERE t.id = ANY(r.tag_ids) AND t.depth <= 1), '{}'),
    coalesce(CASE l.locale WHEN 'it' THEN r.sort_it WHEN 'en' THEN r.sort_en ELSE r.sort_fr END, r.id),
    coalesce(ts_filter(own.tsv, '{a}'), '') || coalesce(own.label_tsv, '')
      || coalesce(ts_filter(it.tsv, '{a}'), '') || coalesce(it.label_tsv, ''),
    coalesce(own.tsv, '') || coalesce(it.tsv, '')
  FROM records r
  CROSS JOIN (VALUES ('it'), ('en'), ('fr')) AS l(locale)
  LEFT JOIN record_texts own ON own.record_uid = r.uid AND own.locale = l.locale
  LEFT JOIN record_texts it ON it.record_uid = r.uid AND it.locale = 'it' AND l.locale <> 'it'
  WHERE r.uid = ANY(uids);
$$;--> statement-breakpoint
SELECT teca_refresh_search_docs(array_agg(uid)) FROM records;
