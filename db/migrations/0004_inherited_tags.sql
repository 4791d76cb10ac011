-- A record is linked to each ancestor of its tags too (inherited = true), so a
-- tree filter and its facet counts are plain index lookups and group-bys.
ALTER TABLE record_tags ADD COLUMN inherited boolean DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO record_tags (record_uid, tag_id, inherited)
  SELECT DISTINCT rt.record_uid, anc.id, true
  FROM record_tags rt JOIN tags t ON t.id = rt.tag_id
  CROSS JOIN LATERAL unnest(string_to_array(t.path, '/')) AS anc(id)
  WHERE anc.id <> rt.tag_id AND EXISTS (SELECT 1 FROM tags a WHERE a.id = anc.id)
  ON CONFLICT DO NOTHING;
