-- Registration records are also found by terms of their name and filters (docs/decisions/0076):
-- fl_registration_terms gives, beside the grams of the searchable text, the record's whole name
-- (U+0001 '='), the first one to four characters of its name (U+0001 '^'), its province (U+0001 'p'),
-- review result (U+0001 's') and type (U+0001 't'). Every term is at least three characters long,
-- so none can be mistaken for a gram (grams are one or two characters).
CREATE FUNCTION fl_registration_terms(name text, province text, review_status text, type text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT ARRAY[
      E'\x01=' || lower(name),
      E'\x01^' || left(lower(name), 1), E'\x01^' || left(lower(name), 2),
      E'\x01^' || left(lower(name), 3), E'\x01^' || left(lower(name), 4),
      E'\x01p' || province, E'\x01s' || review_status, E'\x01t' || type
    ]
  $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "registrations_grams_idx";
--> statement-breakpoint
ALTER TABLE "registrations" DROP COLUMN "search_grams";
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (fl_grams(fl_search_text(reg_no, name, company)) || fl_registration_terms(name, province, review_status, type)) STORED;
--> statement-breakpoint
CREATE INDEX "registrations_grams_idx" ON "registrations" USING gin ("search_grams");
--> statement-breakpoint
-- fl_index_count: how many rows the bitmap of a statement's index scan holds, counted in the index
-- alone, without reading the rows. PostgreSQL has no index-only count for a GIN index; the number is the
-- row count of the plan's Bitmap Index Scan, which EXPLAIN ANALYZE reports while the scan above it stops
-- at the first row (the statement ends in LIMIT 1). `statement` is one of the server's own, never user
-- text; `terms` is its $1. Row versions not yet removed by VACUUM are counted too.
CREATE FUNCTION fl_index_count(statement text, terms text[]) RETURNS bigint
  LANGUAGE plpgsql VOLATILE
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
  SET max_parallel_workers_per_gather = 0 SET jit = off
  AS $$
  DECLARE
    plan jsonb;
  BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF, SUMMARY OFF, FORMAT JSON) ' || statement INTO plan USING terms;
    RETURN coalesce(round((jsonb_path_query_first(plan, '$.**?(@."Node Type" == "Bitmap Index Scan")."Actual Rows"')::text)::numeric), 0)::bigint;
  END
  $$;
