-- How many public guests and shows there are, kept (issue 34 §3): the total of an unfiltered
-- list (GET /guests, /shows without filters: every Browse visit's first page) was a count of
-- every public profile, 100-215 ms at a million profiles and growing with the catalogue. Kept
-- by statement triggers from what each statement changed (transition tables), like the lowest
-- prices (014) and the category counts (055); a statement that leaves every profile's
-- visibility as it was writes nothing here, so profile edits do not queue on this row.

CREATE TABLE public_profile_totals (
  kind text PRIMARY KEY CHECK (kind IN ('guest', 'show')),
  total integer NOT NULL CHECK (total >= 0)
);
INSERT INTO public_profile_totals (kind, total)
SELECT 'guest', count(*) FROM guest_profiles WHERE is_public
UNION ALL
SELECT 'show', count(*) FROM show_profiles WHERE is_public;

CREATE FUNCTION keep_public_profile_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  profile_kind text := CASE TG_TABLE_NAME WHEN 'guest_profiles' THEN 'guest' ELSE 'show' END;
  added integer := 0;
  removed integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) INTO added FROM changed_new WHERE is_public;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) INTO removed FROM changed_old WHERE is_public;
  END IF;
  IF added <> removed THEN
    UPDATE public_profile_totals t SET total = t.total + added - removed WHERE t.kind = profile_kind;
  END IF;
  RETURN NULL;
END;
$$;

-- PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
CREATE TRIGGER guest_profiles_insert_totals AFTER INSERT ON guest_profiles
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION keep_public_profile_totals();
CREATE TRIGGER guest_profiles_update_totals AFTER UPDATE ON guest_profiles
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION keep_public_profile_totals();
CREATE TRIGGER guest_profiles_delete_totals AFTER DELETE ON guest_profiles
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION keep_public_profile_totals();
CREATE TRIGGER show_profiles_insert_totals AFTER INSERT ON show_profiles
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION keep_public_profile_totals();
CREATE TRIGGER show_profiles_update_totals AFTER UPDATE ON show_profiles
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION keep_public_profile_totals();
CREATE TRIGGER show_profiles_delete_totals AFTER DELETE ON show_profiles
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION keep_public_profile_totals();

-- A public table (public answers read it): it bumps the data version as the others do (052).
CREATE CONSTRAINT TRIGGER public_profile_totals_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE ON public_profile_totals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('guestspot.data_version_bump', true) IS DISTINCT FROM 'queued'
        AND data_version_bump_due())
  EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER public_profile_totals_truncate_bump_data_version
  AFTER TRUNCATE ON public_profile_totals FOR EACH STATEMENT
  WHEN (data_version_bump_due()) EXECUTE FUNCTION bump_data_version();
