-- Each record carries the ids of its tags and their ancestors, so the search
-- counts tree facets over the matching set without joining record_tags, and a
-- tree filter is a GIN lookup.
ALTER TABLE records ADD COLUMN tag_ids text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE records r SET tag_ids = x.ids FROM (
  SELECT record_uid, array_agg(tag_id ORDER BY tag_id) AS ids FROM record_tags GROUP BY record_uid
) x WHERE x.record_uid = r.uid;--> statement-breakpoint
CREATE INDEX records_tag_ids_idx ON records USING gin (tag_ids);
