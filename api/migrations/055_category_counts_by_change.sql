-- The category counts (migration 022, decision 078) kept by what changed, not counted again
-- (issue 34 §3).
--
-- Until now every write to a profile's categories, and every profile made public or hidden,
-- counted again each category it touched (and its parent) over the whole catalogue: a cost
-- that grows with the catalogue on every such write (a category with 100,000 profiles is
-- counted whole because one profile joined it), and a seed of a million profiles, writing
-- links 500 at a time, counted the catalogue 3,000 times. Now each write adds to each count
-- the difference it makes, from the touched profiles' own links only:
--   * links inserted, updated or deleted: for each touched public profile and each category
--     a changed link counts toward (the link's category and its parent), whether the profile
--     counts there after the statement and whether it did before it (its links now, less the
--     statement's new rows, plus its old rows);
--   * a profile made public or hidden: +1 or -1 in each category its links count toward;
--   * a public profile deleted: -1 in each, before its links go (a BEFORE DELETE row trigger;
--     the links' own delete then finds no profile and changes nothing).
-- What is counted is unchanged (category_guest_count / category_show_count stay the
-- definition, and the tests compare every count with them). A category moved under another
-- parent (an administrator's rare act) is still counted again whole.

CREATE FUNCTION apply_category_link_changes(
  kind text, new_profiles integer[], new_categories integer[],
  old_profiles integer[], old_categories integer[]
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  profiles text := CASE kind WHEN 'guest' THEN 'guest_profiles' ELSE 'show_profiles' END;
  links text := CASE kind WHEN 'guest' THEN 'guest_profile_categories' ELSE 'show_profile_categories' END;
  fk text := CASE kind WHEN 'guest' THEN 'guest_profile_id' ELSE 'show_profile_id' END;
  counter text := CASE kind WHEN 'guest' THEN 'guest_count' ELSE 'show_count' END;
BEGIN
  EXECUTE format($sql$
    WITH new_links AS (SELECT * FROM unnest($1::int[], $2::int[]) AS l (p, c)),
    old_links AS (SELECT * FROM unnest($3::int[], $4::int[]) AS l (p, c)),
    -- each touched public profile, with each category a changed link counts toward
    touched AS (
      SELECT DISTINCT l.p, a.id AS a
      FROM (SELECT p, c FROM new_links UNION SELECT p, c FROM old_links) l
      JOIN %1$I pr ON pr.id = l.p AND pr.is_public
      JOIN categories cc ON cc.id = l.c
      CROSS JOIN LATERAL (VALUES (cc.id), (cc.parent_id)) a (id)
      WHERE a.id IS NOT NULL
    ),
    now_links AS (
      SELECT pc.%3$I AS p, pc.category_id AS c FROM %2$I pc
      WHERE pc.%3$I IN (SELECT DISTINCT p FROM touched)
    ),
    before_links AS (
      (SELECT p, c FROM now_links EXCEPT SELECT p, c FROM new_links)
      UNION SELECT p, c FROM old_links
    ),
    now_in AS (
      SELECT DISTINCT l.p, a.id AS a FROM now_links l
      JOIN categories cc ON cc.id = l.c
      CROSS JOIN LATERAL (VALUES (cc.id), (cc.parent_id)) a (id)
    ),
    before_in AS (
      SELECT DISTINCT l.p, a.id AS a FROM before_links l
      JOIN categories cc ON cc.id = l.c
      CROSS JOIN LATERAL (VALUES (cc.id), (cc.parent_id)) a (id)
    ),
    delta AS (
      SELECT t.a, sum((n.p IS NOT NULL)::int - (b.p IS NOT NULL)::int) AS d
      FROM touched t
      LEFT JOIN now_in n ON n.p = t.p AND n.a = t.a
      LEFT JOIN before_in b ON b.p = t.p AND b.a = t.a
      GROUP BY t.a
    )
    UPDATE categories c SET %4$I = c.%4$I + delta.d
    FROM delta WHERE c.id = delta.a AND delta.d <> 0
  $sql$, profiles, links, fk, counter)
  USING new_profiles, new_categories, old_profiles, old_categories;
END;
$$;

CREATE OR REPLACE FUNCTION refresh_category_counts_for_links() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'guest_profile_categories' THEN 'guest' ELSE 'show' END;
  -- the profile column of either link table, read by name
  fk text := kind || '_profile_id';
  new_p integer[] := '{}';
  new_c integer[] := '{}';
  old_p integer[] := '{}';
  old_c integer[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg((to_jsonb(l) ->> fk)::int), '{}'),
      coalesce(array_agg(l.category_id), '{}')
    INTO new_p, new_c FROM changed_new l;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(array_agg((to_jsonb(l) ->> fk)::int), '{}'),
      coalesce(array_agg(l.category_id), '{}')
    INTO old_p, old_c FROM changed_old l;
  END IF;
  PERFORM apply_category_link_changes(kind, new_p, new_c, old_p, old_c);
  RETURN NULL;
END;
$$;

-- +1 or -1 in each category (and parent) the profiles' links count toward.
CREATE FUNCTION apply_category_visibility(kind text, shown integer[], hidden integer[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  links text := CASE kind WHEN 'guest' THEN 'guest_profile_categories' ELSE 'show_profile_categories' END;
  fk text := CASE kind WHEN 'guest' THEN 'guest_profile_id' ELSE 'show_profile_id' END;
  counter text := CASE kind WHEN 'guest' THEN 'guest_count' ELSE 'show_count' END;
BEGIN
  EXECUTE format($sql$
    WITH flipped AS (
      SELECT unnest($1::int[]) AS p, 1 AS d UNION ALL SELECT unnest($2::int[]), -1
    ),
    members AS (
      SELECT DISTINCT f.p, f.d, a.id AS a
      FROM flipped f
      JOIN %1$I pc ON pc.%2$I = f.p
      JOIN categories cc ON cc.id = pc.category_id
      CROSS JOIN LATERAL (VALUES (cc.id), (cc.parent_id)) a (id)
      WHERE a.id IS NOT NULL
    )
    UPDATE categories c SET %3$I = c.%3$I + delta.d
    FROM (SELECT a, sum(d) AS d FROM members GROUP BY a) delta
    WHERE c.id = delta.a AND delta.d <> 0
  $sql$, links, fk, counter)
  USING shown, hidden;
END;
$$;

-- Profiles made public or hidden (both profile tables' update triggers, migration 022).
CREATE FUNCTION refresh_category_counts_for_visibility() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_category_visibility(
    CASE TG_TABLE_NAME WHEN 'guest_profiles' THEN 'guest' ELSE 'show' END,
    ARRAY(SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
          WHERE n.is_public AND NOT o.is_public),
    ARRAY(SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id
          WHERE o.is_public AND NOT n.is_public));
  RETURN NULL;
END;
$$;

DROP TRIGGER guest_profiles_update_category_counts ON guest_profiles;
DROP TRIGGER show_profiles_update_category_counts ON show_profiles;
DROP FUNCTION refresh_category_counts_for_guests();
DROP FUNCTION refresh_category_counts_for_shows();
CREATE TRIGGER guest_profiles_update_category_counts AFTER UPDATE ON guest_profiles
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_visibility();
CREATE TRIGGER show_profiles_update_category_counts AFTER UPDATE ON show_profiles
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_category_counts_for_visibility();

-- A public profile deleted: out of its categories' counts while its links are still there.
CREATE FUNCTION category_counts_before_profile_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_category_visibility(
    CASE TG_TABLE_NAME WHEN 'guest_profiles' THEN 'guest' ELSE 'show' END,
    '{}', ARRAY[OLD.id]);
  RETURN OLD;
END;
$$;

CREATE TRIGGER guest_profiles_delete_category_counts BEFORE DELETE ON guest_profiles
  FOR EACH ROW WHEN (OLD.is_public) EXECUTE FUNCTION category_counts_before_profile_delete();
CREATE TRIGGER show_profiles_delete_category_counts BEFORE DELETE ON show_profiles
  FOR EACH ROW WHEN (OLD.is_public) EXECUTE FUNCTION category_counts_before_profile_delete();
