-- Search helpers for Chinese text (docs/decisions/0008-chinese-search-with-gram-index.md).
-- fl_search_text: the searchable fields, lower-cased, joined by spaces (NULLs skipped).
CREATE FUNCTION fl_search_text(VARIADIC parts text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(parts, ' ')) $$;
--> statement-breakpoint
-- fl_grams: every distinct 1- and 2-character gram of a text (grams with white space left out).
-- A GIN index over them answers one- and two-character queries, which trigram indexes cannot.
CREATE FUNCTION fl_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
    FROM (
      SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
      UNION ALL
      SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
    ) AS grams
    WHERE g !~ '\s'
  $$;
