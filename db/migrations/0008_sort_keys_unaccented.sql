-- Sort keys without accents or leading punctuation, so "Èra" sorts with E and
-- "«Fotografie»" with F in every collation (the search orders them with COLLATE "C").
UPDATE records SET
  sort_it = regexp_replace(lower(unaccent(sort_it)), '^[^[:alnum:]]+', ''),
  sort_en = regexp_replace(lower(unaccent(sort_en)), '^[^[:alnum:]]+', ''),
  sort_fr = regexp_replace(lower(unaccent(sort_fr)), '^[^[:alnum:]]+', '');
