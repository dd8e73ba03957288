-- The data version (migrations 023, 024) is bumped once per transaction, at its commit
-- (decision 124). Until now each statement on a public table bumped it in the writer's
-- transaction, so the one data_version row stayed locked from a booking transaction's first
-- public write to its commit: every other writer queued on it, and one holding a row the first
-- needed next (a booker's users row, share-locked by the foreign keys of the other's timeline)
-- closed a deadlock (bench:bookings, decision 122).
--
-- Now a deferred constraint trigger per public table does the bump when the transaction
-- commits, after all its other work: the row is locked for the instant before the commit and
-- always last, so it is in no cycle. The first change of a public row in a transaction queues
-- the one bump (data_version_bump_due() marks the transaction with a transaction-local
-- setting); later changes queue nothing, so a seed writing hundreds of thousands of rows in one
-- transaction carries one queued event, not one per row. A savepoint rolled back takes its
-- queued bump and its mark with it, so a later write queues it again. What the API reads is
-- unchanged: the new number becomes visible with the rows, and its NOTIFY data_version
-- ('<schema> <version>') is sent once, at the commit. A statement that changes no row (the
-- hourly reputation recount, migration 044, on any table now) and a rolled-back write bump
-- nothing. TRUNCATE fires no row trigger: a statement trigger bumps for it at once (seeds and
-- tests only).
--
-- A migration that changes rows of a public table and then alters that table must run
-- SET CONSTRAINTS ALL IMMEDIATE in between (PostgreSQL refuses to alter a table with pending
-- trigger events).

-- True once per transaction (and per rolled-back savepoint): the first change queues the bump.
CREATE FUNCTION data_version_bump_due() RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF coalesce(current_setting('guestspot.data_version_bump', true), '') = 'queued' THEN
    RETURN false;
  END IF;
  PERFORM set_config('guestspot.data_version_bump', 'queued', true);
  RETURN true;
END
$$;

-- bump_data_version() (migration 024) is kept as it is: it moves the version and notifies.
DO $$
DECLARE
  old_trigger record;
  public_tables text[];
  public_table text;
BEGIN
  SELECT array_agg(DISTINCT c.relname ORDER BY c.relname) INTO public_tables
  FROM pg_trigger t
  JOIN pg_class c ON c.oid = t.tgrelid
  JOIN pg_proc f ON f.oid = t.tgfoid
  WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
    AND f.proname IN ('bump_data_version', 'bump_data_version_if_rows');
  FOR old_trigger IN
    SELECT t.tgname, c.relname
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_proc f ON f.oid = t.tgfoid
    WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
      AND f.proname IN ('bump_data_version', 'bump_data_version_if_rows')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', old_trigger.tgname, old_trigger.relname);
  END LOOP;
  FOREACH public_table IN ARRAY public_tables LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW '
      -- the plain test first: once queued, a row costs no function call
      'WHEN (current_setting(''guestspot.data_version_bump'', true) IS DISTINCT FROM ''queued'' '
      '      AND data_version_bump_due()) '
      'EXECUTE FUNCTION bump_data_version()',
      public_table || '_bump_data_version', public_table
    );
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'WHEN (data_version_bump_due()) EXECUTE FUNCTION bump_data_version()',
      public_table || '_truncate_bump_data_version', public_table
    );
  END LOOP;
END
$$;

-- Its triggers are gone: a row trigger only fires for a changed row.
DROP FUNCTION bump_data_version_if_rows();
