-- The sorts of a search in index order (docs/decisions/008-search-lexemes.md): a broad search reads its
-- page of documents in order and stops, instead of sorting the whole matching set. Z–A reads the label
-- index backwards; "with images first/last" follow the visitor's image flag.
CREATE INDEX search_docs_label_idx ON search_docs (sort_key COLLATE "C", record_uid);--> statement-breakpoint
CREATE INDEX search_docs_newest_idx ON search_docs (date_start DESC NULLS LAST, record_uid);--> statement-breakpoint
CREATE INDEX search_docs_oldest_idx ON search_docs (date_start ASC NULLS LAST, record_uid);--> statement-breakpoint
CREATE INDEX search_docs_media_first_idx ON search_docs (has_media DESC, sort_key COLLATE "C", record_uid);--> statement-breakpoint
CREATE INDEX search_docs_media_last_idx ON search_docs (has_media, sort_key COLLATE "C", record_uid);
