-- Each category's count of public guests and shows (its subcategories' profiles included, each
-- profile once), kept on the category, so that GET /categories, which every home page asks for,
-- reads two columns instead of counting the catalogue on every request (issue 14, decision 078).
-- Triggers keep them right whoever writes: a profile's categories, a profile made public or
-- hidden (publish, pause, resume), a profile deleted (its links go with it), a category moved.

ALTER TABLE categories ADD COLUMN guest_count integer NOT NULL DEFAULT 0;
ALTER TABLE categories ADD COLUMN show_count integer NOT NULL DEFAULT 0;

CREATE FUNCTION category_guest_count(category integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT pc.guest_profile_id)::int
  FROM guest_profile_categories pc
  JOIN guest_profiles p ON p.id = pc.guest_profile_id AND p.is_public
  JOIN categories cc ON cc.id = pc.category_id
  WHERE cc.id = category OR cc.parent_id = category
$$;

CREATE FUNCTION category_show_count(category integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT pc.show_profile_id)::int
  FROM show_profile_categories pc
  JOIN show_profiles p ON p.id = pc.show_profile_id AND p.is_public
  JOIN categories cc ON cc.id = pc.category_id
  WHERE cc.id = category OR cc.parent_id = category
$$;

-- Counts again the categories given and their parents (a parent counts its subcategories).
CREATE FUNCTION refresh_category_counts(changed integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE categories c
  SET guest_count = category_guest_count(c.id), show_count = category_show_count(c.id)
  WHERE c.id IN (
    SELECT id FROM categories WHERE id = ANY (changed)
    UNION
    SELECT parent_id FROM categories WHERE id = ANY (changed) AND parent_id IS NOT NULL
  )
$$;

-- A profile's categories changed (both link tables have category_id).
CREATE FUNCTION refresh_category_counts_for_links() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_category_counts(ARRAY(SELECT DISTINCT category_id FROM changed_new));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM refresh_category_counts(ARRAY(SELECT DISTINCT category_id FROM changed_old));
  END IF;
  RETURN NULL;
END;
$$;

-- Profiles made public or hidden: the categories they are in. (A trigger with transition tables
-- cannot name its columns, so every profile update comes here and only is_public changes count.)
CREATE FUNCTION refresh_category_counts_for_guests() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_category_counts(ARRAY(
    SELECT DISTINCT pc.category_id
    FROM changed_new n
    JOIN changed_old o ON o.id = n.id AND o.is_public IS DISTINCT FROM n.is_public
    JOIN guest_profile_categories pc ON pc.guest_profile_id = n.id
  ));
  RETURN NULL;
END;
$$;

CREATE FUNCTION refresh_category_counts_for_shows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_category_counts(ARRAY(
    SELECT DISTINCT pc.category_id
    FROM changed_new n
    JOIN changed_old o ON o.id = n.id AND o.is_public IS DISTINCT FROM n.is_public
    JOIN show_profile_categories pc ON pc.show_profile_id = n.id
  ));
  RETURN NULL;
END;
$$;

-- A category moved under another parent (or out): its old and new parents count again.
CREATE FUNCTION refresh_category_counts_for_moves() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.parent_id IS DISTINCT FROM NEW.parent_id THEN
    PERFORM refresh_category_counts(ARRAY[NEW.id, OLD.parent_id, NEW.parent_id]);
  END IF;
  RETURN NULL;
END;
$$;

-- PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
CREATE TRIGGER guest_profile_categories_insert_counts AFTER INSERT ON guest_profile_categories
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_links();
CREATE TRIGGER guest_profile_categories_update_counts AFTER UPDATE ON guest_profile_categories
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_links();
CREATE TRIGGER guest_profile_categories_delete_counts AFTER DELETE ON guest_profile_categories
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_links();

CREATE TRIGGER show_profile_categories_insert_counts AFTER INSERT ON show_profile_categories
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_links();
CREATE TRIGGER show_profile_categories_update_counts AFTER UPDATE ON show_profile_categories
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_links();
CREATE TRIGGER show_profile_categories_delete_counts AFTER DELETE ON show_profile_categories
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_links();

CREATE TRIGGER guest_profiles_update_category_counts AFTER UPDATE ON guest_profiles
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_guests();
CREATE TRIGGER show_profiles_update_category_counts AFTER UPDATE ON show_profiles
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_shows();

CREATE TRIGGER categories_move_counts AFTER UPDATE OF parent_id ON categories
  FOR EACH ROW EXECUTE FUNCTION refresh_category_counts_for_moves();

SELECT refresh_category_counts(ARRAY(SELECT id FROM categories));
