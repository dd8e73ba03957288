-- A show's stats copy (migration 029) kept by statement, not by row (issue 34 §3).
--
-- Row by row, a show inserted with its stats (the seeds) inserted each of its slots, and each
-- slot's row trigger rewrote the show's platform_stats with what it already held: for a 500-show
-- insert, 1,500 nested UPDATEs of show_profiles, each firing that table's statement triggers.
-- That cost about 1 ms a show (50 times the insert itself) and kept growing within a long
-- transaction: seeding a million profiles spent 12 s on each 500 shows. Now, as the lowest
-- prices (migration 014) and the category counts are kept: one statement trigger per event with
-- its transition tables, one INSERT of every inserted show's slots, and one UPDATE of the shows
-- whose slots changed, which leaves alone a show whose copy is already right (so a show's own
-- insert writes nothing back). What is kept is unchanged: platform_stats is the label/value copy
-- of the show's slots in slot order ('[]' without any), and a show inserted with platform_stats
-- gets its slots from them.

DROP TRIGGER show_profile_stats_copy ON show_profile_stats;
DROP TRIGGER show_profiles_stats_from_insert ON show_profiles;
DROP FUNCTION show_profile_stats_copy();
DROP FUNCTION show_profiles_stats_from_insert();

-- The copy of the given shows' slots, written where it differs.
CREATE FUNCTION copy_show_profile_stats(show_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE show_profiles s SET platform_stats = copied.stats
  FROM (
    SELECT ids.id, coalesce((
      SELECT jsonb_agg(jsonb_build_object('label', st.label, 'value', st.value) ORDER BY st.slot)
      FROM show_profile_stats st WHERE st.show_profile_id = ids.id
    ), '[]'::jsonb) AS stats
    FROM (SELECT DISTINCT unnest(show_ids) AS id) ids
  ) copied
  WHERE s.id = copied.id AND s.platform_stats IS DISTINCT FROM copied.stats
$$;

CREATE FUNCTION show_profile_stats_copy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM copy_show_profile_stats(ARRAY(SELECT show_profile_id FROM changed_new));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM copy_show_profile_stats(ARRAY(SELECT show_profile_id FROM changed_old));
  END IF;
  RETURN NULL;
END;
$$;

-- PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
CREATE TRIGGER show_profile_stats_insert_copy AFTER INSERT ON show_profile_stats
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION show_profile_stats_copy();
CREATE TRIGGER show_profile_stats_update_copy AFTER UPDATE ON show_profile_stats
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION show_profile_stats_copy();
CREATE TRIGGER show_profile_stats_delete_copy AFTER DELETE ON show_profile_stats
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION show_profile_stats_copy();

CREATE FUNCTION show_profiles_stats_from_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO show_profile_stats (show_profile_id, slot, label, value)
  SELECT s.id, e.ordinality::int, e.value ->> 'label', e.value ->> 'value'
  FROM inserted s
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(s.platform_stats) = 'array' THEN s.platform_stats ELSE '[]' END
  ) WITH ORDINALITY AS e (value, ordinality)
  WHERE e.ordinality <= 3
    AND e.value ->> 'label' IS NOT NULL
    AND e.value ->> 'value' IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER show_profiles_stats_from_insert AFTER INSERT ON show_profiles
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION show_profiles_stats_from_insert();
