-- The order of the relevance sort's ties (a visible image, then how complete the record is, then the label):
-- a broad search walks it and stops after a page's worth of matches instead of sorting every match
-- (ranking.server.ts, rankedPage; decision 006, session 19).
CREATE INDEX IF NOT EXISTS search_docs_relevance_ties_idx ON search_docs (has_media DESC, quality DESC, sort_key COLLATE "C", record_uid);
