-- Extensions and text-search configurations used by the catalogue.
-- Accent-insensitive search: each locale's configuration runs unaccent before its stemmer.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION teca_it (COPY = pg_catalog.italian);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION teca_it ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION teca_en (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION teca_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION teca_fr (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION teca_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION teca_simple (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION teca_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE FUNCTION teca_ts_config(loc text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE loc WHEN 'en' THEN 'teca_en'::regconfig WHEN 'fr' THEN 'teca_fr'::regconfig ELSE 'teca_it'::regconfig END $$;
