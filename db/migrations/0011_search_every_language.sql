-- Search documents that hold what visitors see, in every language
-- (docs/decisions/009-search-every-language.md).
-- Each locale's search vector now holds the record's text in every language
-- (each stemmed in its own language; text in other languages one weight
-- lower, so the page's language ranks first) and the text a card or record
-- page shows beside it, weighted by field: A title; B names of makers and
-- other related people, alternative titles, identifiers; C tags with their
-- ancestors, related places, type, metadata, displayed date; D descriptions.
-- `forms` keeps the unstemmed words of A–C: the last word of a search is a
-- prefix of those only, and typo tolerance looks up look-alikes among them.
-- search_docs gains the normalised identifier, the years as a range (years
-- in a query), the end decade (timeline counts by overlap, as its filter
-- does) and a completeness figure that breaks ranking ties.
-- search_words gains the access levels of the records holding each word, so a
-- visitor's corrections are chosen only among words of records that visitor
-- may see (the levels only grow; the search also checks the word's visible
-- documents).

-- tsvector concatenation as an aggregate (rows with a null vector are skipped: the function is strict)
CREATE AGGREGATE teca_tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');--> statement-breakpoint
-- An identifier without case, spaces or punctuation: "FOT 83" and "fot.83" are both "fot83".
CREATE FUNCTION teca_ident_norm(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT nullif(regexp_replace(lower(s), '[^[:alnum:]]+', '', 'g'), '') $$;--> statement-breakpoint
ALTER TABLE search_texts ADD COLUMN forms tsvector NOT NULL DEFAULT '';--> statement-breakpoint
-- tlex: the title entries of lex alone (odd numbers; a few, where lex has ~150): the ranking tests them on
-- every matching row, and `&&` compares every entry with every entry.
ALTER TABLE search_docs ADD COLUMN ident text, ADD COLUMN years int4range, ADD COLUMN decade_end smallint,
  ADD COLUMN quality smallint NOT NULL DEFAULT 0, ADD COLUMN tlex integer[] NOT NULL DEFAULT '{}';--> statement-breakpoint
-- bit (1 << access) of every access level of the records holding the word
ALTER TABLE search_words ADD COLUMN mask smallint NOT NULL DEFAULT 0;--> statement-breakpoint
TRUNCATE search_words;--> statement-breakpoint
DROP INDEX IF EXISTS search_docs_lex_idx;--> statement-breakpoint
-- The records' documents (the importer also rebuilds, at the end of an import, the records that name a person
-- or place whose names changed: import.server.ts).
CREATE OR REPLACE FUNCTION teca_refresh_search_docs(uids bigint[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_docs WHERE record_uid = ANY(uids);
  INSERT INTO search_tag_sets (nums)
  SELECT DISTINCT s FROM records r, LATERAL (
    SELECT coalesce(array_agg(t.num ORDER BY t.num), '{}') AS s FROM tags t WHERE t.id = ANY(r.tag_ids)
    UNION ALL SELECT coalesce(array_agg(t.num ORDER BY t.num), '{}') FROM tags t WHERE t.id = ANY(r.tag_ids) AND t.depth <= 1
  ) x
  WHERE r.uid = ANY(uids)
  ON CONFLICT (nums) DO NOTHING;
  DELETE FROM search_texts WHERE record_uid = ANY(uids);
  INSERT INTO search_texts (locale, record_uid, title_tsv, tsv, forms)
  WITH p AS MATERIALIZED (
    -- every piece of text the record is found by: its language ('simple': none), field weight, stemmed and unstemmed vectors
    SELECT t.record_uid AS uid, t.locale AS lang, 'A'::"char" AS w,
      to_tsvector(teca_ts_config(t.locale), t.label) AS v, to_tsvector('teca_simple', t.label) AS f
    FROM record_texts t WHERE t.record_uid = ANY(uids)
    UNION ALL
    SELECT t.record_uid, t.locale, 'D', to_tsvector(teca_ts_config(t.locale), t.summary), NULL
    FROM record_texts t WHERE t.record_uid = ANY(uids) AND t.summary IS NOT NULL
    UNION ALL
    SELECT t.record_uid, t.locale, 'C', to_tsvector(teca_ts_config(t.locale), x.s), to_tsvector('teca_simple', x.s)
    FROM record_texts t, LATERAL (SELECT nullif(concat_ws(' ', t.body, t.date_display), '') AS s) x
    WHERE t.record_uid = ANY(uids) AND x.s IS NOT NULL
    UNION ALL
    -- names in the metadata: alternative titles, makers
    SELECT t.record_uid, t.locale, 'B', to_tsvector(teca_ts_config(t.locale), x.s), to_tsvector('teca_simple', x.s)
    FROM record_texts t, LATERAL (
      SELECT string_agg(e->>'value', ' ') AS s FROM jsonb_array_elements(t.metadata) e
      WHERE e->>'type' = 'text' AND e->>'code' IN ('alt_title', 'maker', 'all_artists', 'display_name', 'sort_name', 'AUTN', 'AUTR', 'AUTS', 'SGTT', 'SGTI')
    ) x
    WHERE t.record_uid = ANY(uids) AND x.s IS NOT NULL
    UNION ALL
    -- related people and organisations (B) and places (C), by their names in every language; only those
    -- public or as restricted as the record itself, so that no restricted name is found through a public record
    SELECT x.from_uid, tt.locale, CASE WHEN t.table_name = 'ca_entities' THEN 'B'::"char" ELSE 'C'::"char" END,
      to_tsvector(teca_ts_config(tt.locale), tt.label), to_tsvector('teca_simple', tt.label)
    FROM relations x
    JOIN records r ON r.uid = x.from_uid
    JOIN records t ON t.table_name = x.to_table AND t.id = x.to_id
    JOIN record_texts tt ON tt.record_uid = t.uid
    WHERE x.from_uid = ANY(uids) AND x.to_table IN ('ca_entities', 'ca_places') AND (t.access = 1 OR t.access = r.access)
    UNION ALL
    -- tags and their ancestors, and the type: names in every language
    SELECT r.uid, n.key, 'C', to_tsvector(teca_ts_config(n.key), n.value), to_tsvector('teca_simple', n.value)
    FROM records r JOIN tags g ON g.id = ANY(r.tag_ids) CROSS JOIN LATERAL jsonb_each_text(g.names) n
    WHERE r.uid = ANY(uids) AND n.key IN ('it', 'en', 'fr')
    UNION ALL
    SELECT r.uid, n.key, 'C', to_tsvector(teca_ts_config(n.key), n.value), to_tsvector('teca_simple', n.value)
    FROM records r JOIN record_types ty ON ty.id = r.type_id CROSS JOIN LATERAL jsonb_each_text(ty.names) n
    WHERE r.uid = ANY(uids) AND n.key IN ('it', 'en', 'fr')
    UNION ALL
    -- the identifier as shown ("FOT 83") and run together ("fot83")
    SELECT r.uid, 'simple', 'B', x.v, x.v
    FROM records r, LATERAL (SELECT to_tsvector('teca_simple', concat_ws(' ', r.numero_prefix, r.numero, r.numero_bis,
      teca_ident_norm(concat(r.numero_prefix, r.numero, r.numero_bis)))) AS v) x
    WHERE r.uid = ANY(uids) AND r.numero IS NOT NULL
  )
  SELECT l.locale, p.uid,
    coalesce(teca_tsvector_agg(CASE WHEN p.w = 'A' THEN p.v || p.f END), ''),
    -- text in another language than the page's one weight lower
    coalesce(teca_tsvector_agg(setweight(p.v, CASE WHEN p.lang IN (l.locale, 'simple') THEN p.w
      WHEN p.w = 'A' THEN 'B' WHEN p.w = 'B' THEN 'C' ELSE 'D' END)), ''),
    coalesce(teca_tsvector_agg(p.f), '')
  FROM p CROSS JOIN (VALUES ('it'), ('en'), ('fr')) AS l(locale)
  GROUP BY l.locale, p.uid;
  -- words for typo tolerance, with the access levels of the records holding them
  INSERT INTO search_words (word, mask)
  SELECT w, bit_or((1 << r.access)::smallint)
  FROM search_texts x JOIN records r ON r.uid = x.record_uid, unnest(tsvector_to_array(x.forms)) AS w
  WHERE x.locale = 'it' AND x.record_uid = ANY(uids) AND length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  GROUP BY w
  ON CONFLICT (word) DO UPDATE SET mask = search_words.mask | excluded.mask WHERE (search_words.mask | excluded.mask) <> search_words.mask;
  -- the words are the same in every locale's vector (only their weights differ)
  INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM search_texts x,
    unnest(tsvector_to_array(x.tsv) || tsvector_to_array(x.title_tsv) || tsvector_to_array(x.forms)) AS w
  WHERE x.locale = 'it' AND x.record_uid = ANY(uids)
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
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
  ),
  lx AS MATERIALIZED (
    SELECT x.record_uid AS uid, coalesce((
      SELECT array_agg(2 * lx.id + CASE WHEN w.in_title THEN 1 ELSE 0 END ORDER BY lx.id)
      FROM (
        SELECT u.w, bool_or(u.in_title) AS in_title
        FROM (
          SELECT unnest(tsvector_to_array(x.tsv)) AS w, false AS in_title
          UNION ALL SELECT unnest(tsvector_to_array(x.forms)), false
          UNION ALL SELECT unnest(tsvector_to_array(x.title_tsv)), true
        ) u GROUP BY u.w
      ) w JOIN search_lexicon lx ON lx.word = w.w COLLATE "C"
    ), '{}') AS lex
    FROM search_texts x WHERE x.locale = 'it' AND x.record_uid = ANY(uids)
  ),
  -- how complete the record is: metadata entries, a description, a date, a place, tags
  q AS MATERIALIZED (
    SELECT r.uid, least(1000, coalesce(max(jsonb_array_length(t.metadata)), 0)
      + 2 * coalesce(max((t.summary IS NOT NULL)::int), 0) + (r.date_start IS NOT NULL)::int
      + (r.lat IS NOT NULL)::int + (cardinality(r.tag_ids) > 0)::int)::smallint AS quality
    FROM records r LEFT JOIN record_texts t ON t.record_uid = r.uid
    WHERE r.uid = ANY(uids) GROUP BY r.uid
  )
  INSERT INTO search_docs (locale, record_uid, table_name, type_id, access, date_start, date_end, decade, decade_end, years, has_media,
    has_restricted_media, tag_nums, tag_set, top_set, sort_key, lex, tlex, ident, quality)
  SELECT l.locale, r.uid, r.table_name, r.type_id, r.access, r.date_start, r.date_end,
    (floor(extract(year FROM r.date_start) / 10) * 10)::smallint,
    (floor(extract(year FROM coalesce(r.date_end, r.date_start)) / 10) * 10)::smallint,
    CASE WHEN r.date_start IS NOT NULL THEN
      int4range(extract(year FROM r.date_start)::int, extract(year FROM coalesce(r.date_end, r.date_start))::int, '[]') END,
    r.has_media, r.has_restricted_media,
    tg.nums, tg.tag_set, tg.top_set,
    coalesce(CASE l.locale WHEN 'it' THEN r.sort_it WHEN 'en' THEN r.sort_en ELSE r.sort_fr END, r.id),
    coalesce(lx.lex, '{}'),
    coalesce(array(SELECT e FROM unnest(lx.lex) AS e WHERE e % 2 = 1), '{}'),
    CASE WHEN r.numero IS NOT NULL THEN teca_ident_norm(concat(r.numero_prefix, r.numero, r.numero_bis)) END,
    q.quality
  FROM records r
  JOIN tg ON tg.uid = r.uid
  JOIN q ON q.uid = r.uid
  LEFT JOIN lx ON lx.uid = r.uid
  CROSS JOIN (VALUES ('it'), ('en'), ('fr')) AS l(locale)
  WHERE r.uid = ANY(uids);
$$;--> statement-breakpoint
SELECT teca_refresh_search_docs(array_agg(uid)) FROM records;--> statement-breakpoint
CREATE INDEX search_docs_lex_idx ON search_docs USING gin (lex);--> statement-breakpoint
CREATE INDEX search_docs_ident_idx ON search_docs (ident) WHERE ident IS NOT NULL;--> statement-breakpoint
CREATE INDEX search_docs_years_idx ON search_docs USING gist (years);
