-- The data version (migration 023) announced as it changes (issue 14, decision 081): each bump
-- also sends NOTIFY data_version with '<schema> <version>', delivered when the writer's
-- transaction commits. An API instance that LISTENs keeps the number in memory instead of
-- reading it from the database for every request; the schema tells apart the databases that
-- share one server (tests run one schema per file).

CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE data_version SET version = version + 1 RETURNING version INTO bumped;
  PERFORM pg_notify('data_version', current_schema() || ' ' || bumped);
  RETURN NULL;
END
$$;
