-- Indexes FerretDB 1.x over PostgreSQL can use, for its database (psql -d <FerretDB's database> -f this).
--
-- FerretDB 1.x keeps each collection in a table with one jsonb column, `_jsonb`, and makes each of
-- the collection's indexes (the `_id` index too) a btree over expressions like (_jsonb -> 'field').
-- It pushes an equality down to PostgreSQL as `_jsonb -> 'field' @> value`, which no btree can
-- answer, so every lookup by `_id` and every equality read the whole table (FerretDB issue #4646;
-- fixed only in FerretDB 2.x). A GIN index over the same first expression (jsonb_path_ops) answers
-- `@>`: a lookup by `_id` in 100,000 documents went from 24 ms to 1 ms (docs/deployment.md).
--
-- This file gives every such btree index a GIN twin, now and from now on: an event trigger adds
-- the twin whenever FerretDB creates an index (with each new collection, or when the application
-- ensures one) and drops it with the index. Run it once per database as a superuser; running it
-- again changes nothing. FerretDB does not see the twins (it keeps its indexes in its own
-- metadata), and dropping a collection drops its table with them.

CREATE OR REPLACE FUNCTION nindo_gin_twin_name(btree_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT left(btree_name, 59) || '_gin' $$;

-- The twin of one index, if it is a btree whose first key is (_jsonb -> 'field') of a FerretDB table.
CREATE OR REPLACE FUNCTION nindo_add_gin_twin(index_oid oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ix record;
BEGIN
  SELECT n.nspname AS schema_name, i.relname AS index_name, t.relname AS table_name,
         pg_get_indexdef(index_oid, 1, true) AS first_key, am.amname
    INTO ix
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = i.relam
   WHERE x.indexrelid = index_oid;
  IF NOT FOUND OR ix.amname <> 'btree' OR ix.table_name ~ '^_ferretdb_'
     OR ix.first_key !~ '^\(_jsonb -> ''[^'']*''::text\)$' THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I.%I USING gin (%s jsonb_path_ops)',
                 nindo_gin_twin_name(ix.index_name), ix.schema_name, ix.table_name, ix.first_key);
END $$;

CREATE OR REPLACE FUNCTION nindo_gin_twins_on_create() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  cmd record;
BEGIN
  FOR cmd IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE INDEX' LOOP
    PERFORM nindo_add_gin_twin(cmd.objid);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION nindo_gin_twins_on_drop() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  dropped record;
BEGIN
  FOR dropped IN SELECT schema_name, object_name FROM pg_event_trigger_dropped_objects()
                  WHERE object_type = 'index' AND NOT original IS FALSE AND object_name !~ '_gin$' LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I.%I', dropped.schema_name, nindo_gin_twin_name(dropped.object_name));
  END LOOP;
END $$;

SET client_min_messages = warning;
DROP EVENT TRIGGER IF EXISTS nindo_gin_twins_on_create;
CREATE EVENT TRIGGER nindo_gin_twins_on_create ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION nindo_gin_twins_on_create();
DROP EVENT TRIGGER IF EXISTS nindo_gin_twins_on_drop;
CREATE EVENT TRIGGER nindo_gin_twins_on_drop ON sql_drop
  WHEN TAG IN ('DROP INDEX') EXECUTE FUNCTION nindo_gin_twins_on_drop();

-- The indexes that exist already.
DO $$
DECLARE
  ix record;
BEGIN
  FOR ix IN SELECT x.indexrelid FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid
              JOIN pg_namespace n ON n.oid = t.relnamespace
             WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_toast' LOOP
    PERFORM nindo_add_gin_twin(ix.indexrelid);
  END LOOP;
END $$;
