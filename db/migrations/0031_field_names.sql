-- What imports declare each metadata field is called per language (decision 084, "the importer's labels"): a
-- catalogue written in one language (the museum model's English records) names its fields in that language
-- only, so field_labels had no French or Italian name for them and the page kept the English one. An import's
-- field-name lines (docs/data-format.md) are kept here, replaced code by code by the next import naming the
-- same field, and field_labels takes them for the codes and languages the catalogue's own entries do not name.
CREATE TABLE "field_names" (
	"code" text NOT NULL,
	"locale" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "field_names_pk" PRIMARY KEY("code","locale")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION teca_refresh_field_labels() RETURNS void LANGUAGE sql AS $$
	DELETE FROM field_labels;
	INSERT INTO field_labels (code, locale, label)
	WITH counted AS (
		SELECT m->>'code' AS code, t.locale, m->>'label' AS label, count(*) AS n
		FROM record_texts t CROSS JOIN LATERAL jsonb_array_elements(t.metadata) AS m
		WHERE m->>'code' IS NOT NULL AND coalesce(m->>'label', '') <> ''
		GROUP BY 1, 2, 3
	), best AS (
		SELECT DISTINCT ON (code, locale) code, locale, label FROM counted
		ORDER BY code, locale, n DESC, label COLLATE "C"
	), own AS (
		SELECT b.code, b.locale, b.label FROM best b
		WHERE b.locale = 'it' OR NOT EXISTS (SELECT 1 FROM best i WHERE i.code = b.code AND i.locale = 'it' AND i.label = b.label)
	)
	SELECT code, locale, label FROM own
	UNION ALL
	SELECT n.code, n.locale, n.label FROM field_names n
	WHERE NOT EXISTS (SELECT 1 FROM own o WHERE o.code = n.code AND o.locale = n.locale);
$$;
