-- Words and tag sets as integers on the search documents
-- (docs/decisions/008-search-lexemes.md).
-- search_lexicon numbers every word of the text vectors (stemmed lexemes and
-- unstemmed label words alike); search_docs.lex holds a document's words as
-- 2 × number, + 1 when the word is in the title (label). A search with words
-- is then GIN lookups on one narrow table, instead of a join to the wide
-- vectors of search_texts, which remain for ranking and suggestions.
-- search_tag_sets numbers the distinct tag sets: counts group documents by
-- tag_set / top_set (a number) instead of by an array.
CREATE TABLE search_lexicon (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- byte order, so that the words starting with a prefix are one range of the unique index
  word text COLLATE "C" NOT NULL UNIQUE
);--> statement-breakpoint
CREATE TABLE search_tag_sets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  nums integer[] NOT NULL UNIQUE
);--> statement-breakpoint
-- tag_set: the document's tags and their ancestors (tag_nums); top_set: the same cut to the tree's two top levels.
ALTER TABLE search_docs ADD COLUMN lex integer[] NOT NULL DEFAULT '{}', ADD COLUMN tag_set integer, ADD COLUMN top_set integer,
  DROP COLUMN tag_top;--> statement-breakpoint
-- Matching reads search_docs.lex now; only the title index serves suggestions.
DROP INDEX IF EXISTS search_texts_tsv_idx;--> statement-breakpoint
CREATE OR REPLACE FUNCTION teca_refresh_search_docs(uids bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM record_texts t, unnest(tsvector_to_array(t.label_tsv)) AS w
  WHERE t.record_uid = ANY(uids) AND length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ON CONFLICT (word) DO NOTHING;
  DELETE FROM search_docs WHERE record_uid = ANY(uids);
  -- the tag sets of the records: their tag numbers (with ancestors), and the same cut to the two top levels
  INSERT INTO search_tag_sets (nums)
  SELECT DISTINCT s FROM records r, LATERAL (
    SELECT coalesce(array_agg(t.num ORDER BY t.num), '{}') AS s FROM tags t WHERE t.id = ANY(r.tag_ids)
    UNION ALL SELECT coalesce(array_agg(t.num ORDER BY t.num), '{}') FROM tags t WHERE t.id = ANY(r.tag_ids) AND t.depth <= 1
  ) x
  WHERE r.uid = ANY(uids)
  ON CONFLICT (nums) DO NOTHING;
  DELETE FROM search_texts WHERE record_uid = ANY(uids);
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
  INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM search_texts x, unnest(tsvector_to_array(x.tsv) || tsvector_to_array(x.title_tsv)) AS w
  WHERE x.record_uid = ANY(uids)
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  -- computed once per record (not per locale), then written for each locale
  WITH tg AS MATERIALIZED (
    SELECT r.uid, x.nums, a.id AS tag_set, b.id AS top_set
    FROM records r
    CROSS JOIN LATERAL (
      SELECT coalesce((SELECT array_agg(t.num ORDER BY t.num) FROM tags t WHERE t.id = ANY(r.tag_ids)), '{}') AS nums,
        coalesce((SELECT array_agg(t.num ORDER BY t.num) FROM tags t WHERE t.id = ANY(r.tag_ids) AND t.depth <= 1), '{}') AS top
    ) x
    LEFT JOIN search_tag_sets a ON a.nums = x.nums
    LEFT JOIN search_tag_sets b ON b.nums = x.top
    WHERE r.uid = ANY(uids)
  )
  INSERT INTO search_docs (locale, record_uid, table_name, type_id, access, date_start, date_end, decade, has_media,
    has_restricted_media, tag_nums, tag_set, top_set, sort_key, lex)
  SELECT l.locale, r.uid, r.table_name, r.type_id, r.access, r.date_start, r.date_end,
    (floor(extract(year FROM r.date_start) / 10) * 10)::smallint,
    r.has_media, r.has_restricted_media,
    tg.nums, tg.tag_set, tg.top_set,
    coalesce(CASE l.locale WHEN 'it' THEN r.sort_it WHEN 'en' THEN r.sort_en ELSE r.sort_fr END, r.id),
    coalesce((
      SELECT array_agg(2 * lx.id + CASE WHEN w.in_title THEN 1 ELSE 0 END ORDER BY lx.id)
      FROM (
        SELECT u.w, bool_or(u.in_title) AS in_title
        FROM (
          SELECT unnest(tsvector_to_array(x.tsv)) AS w, false AS in_title
          UNION ALL SELECT unnest(tsvector_to_array(x.title_tsv)), true
        ) u GROUP BY u.w
      ) w JOIN search_lexicon lx ON lx.word = w.w COLLATE "C"
    ), '{}')
  FROM records r
  JOIN tg ON tg.uid = r.uid
  CROSS JOIN (VALUES ('it'), ('en'), ('fr')) AS l(locale)
  LEFT JOIN search_texts x ON x.locale = l.locale AND x.record_uid = r.uid
  WHERE r.uid = ANY(uids);
$$;--> statement-breakpoint
SELECT teca_refresh_search_docs(array_agg(uid)) FROM records;--> statement-breakpoint
-- Indexes after the rebuild (one build instead of row-by-row upkeep).
CREATE INDEX search_docs_lex_idx ON search_docs USING gin (lex);--> statement-breakpoint
-- The sorts of a search in index order: a broad search reads its page of documents in order and stops,
-- instead of sorting the whole matching set. Z–A reads the label index backwards; "with images
-- first/last" follow the visitor's image flag.
CREATE INDEX search_docs_label_idx ON search_docs (sort_key COLLATE "C", record_uid);--> statement-breakpoint
CREATE INDEX search_docs_newest_idx ON search_docs (date_start DESC NULLS LAST, record_uid);--> statement-breakpoint
CREATE INDEX search_docs_oldest_idx ON search_docs (date_start ASC NULLS LAST, record_uid);--> statement-breakpoint
CREATE INDEX search_docs_media_first_idx ON search_docs (has_media DESC, sort_key COLLATE "C", record_uid);--> statement-breakpoint
CREATE INDEX search_docs_media_last_idx ON search_docs (has_media, sort_key COLLATE "C", record_uid);
