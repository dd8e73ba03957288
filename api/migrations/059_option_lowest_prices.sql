-- Each profile's lowest price for each booking option, kept (issue 34 §3, decision 127).
--
-- A list sorted by options' prices (filter[options] with sort=price or -price; -price inside
-- price ranges, by every bookable option) showed each profile's lowest price over each option's
-- durations, worked out for every profile with those options before the first row could be
-- picked: at a million profiles 562 ms, growing with the catalogue. Kept here per (profile,
-- option) and read in price order, the list walks the prices and stops at its page (or its
-- window's end).

CREATE TABLE option_lowest_prices (
  profile_type text NOT NULL CHECK (profile_type IN ('guest', 'show')),
  profile_id integer NOT NULL,
  booking_option_id integer NOT NULL REFERENCES booking_options (id) ON DELETE CASCADE,
  price integer NOT NULL,
  PRIMARY KEY (profile_type, profile_id, booking_option_id)
);
-- One index per direction: ties keep the lists' order (profile id ascending) either way, so
-- neither direction sorts the profiles sharing a price (many, in a large catalogue).
CREATE INDEX option_lowest_prices_order_idx
  ON option_lowest_prices (profile_type, booking_option_id, price, profile_id);
CREATE INDEX option_lowest_prices_desc_idx
  ON option_lowest_prices (profile_type, booking_option_id, price DESC, profile_id);
-- Several options (or every bookable one) sorting a list: all of a kind's prices in order, the
-- option read from the index.
CREATE INDEX option_lowest_prices_any_idx
  ON option_lowest_prices (profile_type, price, profile_id) INCLUDE (booking_option_id);
CREATE INDEX option_lowest_prices_any_desc_idx
  ON option_lowest_prices (profile_type, price DESC, profile_id) INCLUDE (booking_option_id);

-- The pairs (profile, option) a statement touched, worked out again from the price table.
CREATE FUNCTION refresh_option_lowest_prices_of(kind text, profiles integer[], options integer[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  prices text := CASE kind WHEN 'guest' THEN 'guest_option_prices' ELSE 'show_option_prices' END;
  fk text := kind || '_profile_id';
BEGIN
  DELETE FROM option_lowest_prices l
  USING (SELECT DISTINCT * FROM unnest(profiles, options) AS t (p, o)) t
  WHERE l.profile_type = kind AND l.profile_id = t.p AND l.booking_option_id = t.o;
  EXECUTE format($sql$
    INSERT INTO option_lowest_prices AS l (profile_type, profile_id, booking_option_id, price)
    SELECT $1, op.%1$I, op.booking_option_id, min(op.price) FROM %2$I op
    JOIN (SELECT DISTINCT * FROM unnest($2::int[], $3::int[]) AS t (p, o)) t
      ON op.%1$I = t.p AND op.booking_option_id = t.o
    GROUP BY op.%1$I, op.booking_option_id
    ON CONFLICT (profile_type, profile_id, booking_option_id)
      DO UPDATE SET price = excluded.price
  $sql$, fk, prices) USING kind, profiles, options;
END;
$$;

-- Statement-level, one trigger per event (transition tables allow no more): TG_ARGV[0] is the
-- profile kind; the profile's column is read by name from the rows.
CREATE FUNCTION refresh_option_lowest_prices() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  fk text := TG_ARGV[0] || '_profile_id';
  profiles integer[];
  options integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((to_jsonb(n) ->> fk)::int), array_agg(n.booking_option_id)
      INTO profiles, options FROM changed_new n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((to_jsonb(o) ->> fk)::int), array_agg(o.booking_option_id)
      INTO profiles, options FROM changed_old o;
  ELSE
    SELECT array_agg((to_jsonb(r) ->> fk)::int), array_agg(r.booking_option_id)
      INTO profiles, options
      FROM (SELECT * FROM changed_new UNION ALL SELECT * FROM changed_old) r;
  END IF;
  IF profiles IS NOT NULL THEN
    PERFORM refresh_option_lowest_prices_of(kind, profiles, options);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER guest_option_prices_insert_option_lowest AFTER INSERT ON guest_option_prices
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_option_lowest_prices('guest');
CREATE TRIGGER guest_option_prices_update_option_lowest AFTER UPDATE ON guest_option_prices
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_option_lowest_prices('guest');
CREATE TRIGGER guest_option_prices_delete_option_lowest AFTER DELETE ON guest_option_prices
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_option_lowest_prices('guest');
CREATE TRIGGER show_option_prices_insert_option_lowest AFTER INSERT ON show_option_prices
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_option_lowest_prices('show');
CREATE TRIGGER show_option_prices_update_option_lowest AFTER UPDATE ON show_option_prices
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_option_lowest_prices('show');
CREATE TRIGGER show_option_prices_delete_option_lowest AFTER DELETE ON show_option_prices
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_option_lowest_prices('show');

INSERT INTO option_lowest_prices (profile_type, profile_id, booking_option_id, price)
SELECT 'guest', guest_profile_id, booking_option_id, min(price) FROM guest_option_prices
GROUP BY guest_profile_id, booking_option_id;
INSERT INTO option_lowest_prices (profile_type, profile_id, booking_option_id, price)
SELECT 'show', show_profile_id, booking_option_id, min(price) FROM show_option_prices
GROUP BY show_profile_id, booking_option_id;

-- A public table (public answers read it): it bumps the data version as the others do (052).
CREATE CONSTRAINT TRIGGER option_lowest_prices_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE ON option_lowest_prices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (current_setting('guestspot.data_version_bump', true) IS DISTINCT FROM 'queued'
        AND data_version_bump_due())
  EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER option_lowest_prices_truncate_bump_data_version
  AFTER TRUNCATE ON option_lowest_prices FOR EACH STATEMENT
  WHEN (data_version_bump_due()) EXECUTE FUNCTION bump_data_version();
