-- What each metadata field is called in each language (decision 084): the record page labels a field shown
-- in a fallback language (a record without French texts, on a French page) in the page's language. One row
-- per code and locale, the label most entries of that code and locale carry (ties: the first in byte order),
-- rebuilt from the whole catalogue at the end of every import. A label that is the Italian one again is no
-- translation (the museum converter repeats ICCD's Italian labels in every language): left out, so the page
-- keeps the entry's own label and marks its language.
CREATE TABLE "field_labels" (
	"code" text NOT NULL,
	"locale" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "field_labels_pk" PRIMARY KEY("code","locale")
);
--> statement-breakpoint
CREATE FUNCTION teca_refresh_field_labels() RETURNS void LANGUAGE sql AS $$
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
	)
	SELECT b.code, b.locale, b.label FROM best b
	WHERE b.locale = 'it' OR NOT EXISTS (SELECT 1 FROM best i WHERE i.code = b.code AND i.locale = 'it' AND i.label = b.label);
$$;
--> statement-breakpoint
SELECT teca_refresh_field_labels();
