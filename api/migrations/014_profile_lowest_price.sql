-- The card price (lowest bookable option price, in cents) kept on each profile, so that Browse can
-- sort and filter by price through an index instead of a subquery per profile (decision 035).
-- Triggers on the option price tables keep it right whoever writes the prices; pitch and miniview
-- are not booking prices of their own (same rule as the API's lowest_price).

ALTER TABLE guest_profiles ADD COLUMN lowest_price integer;
ALTER TABLE show_profiles ADD COLUMN lowest_price integer;

CREATE FUNCTION guest_profile_lowest_price(profile_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT min(op.price) FROM guest_option_prices op
  JOIN booking_options bo ON bo.id = op.booking_option_id
  WHERE op.guest_profile_id = profile_id AND bo.slug NOT IN ('pitch', 'miniview')
$$;

CREATE FUNCTION show_profile_lowest_price(profile_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT min(op.price) FROM show_option_prices op
  JOIN booking_options bo ON bo.id = op.booking_option_id
  WHERE op.show_profile_id = profile_id AND bo.slug NOT IN ('pitch', 'miniview')
$$;

-- Statement-level with transition tables: one UPDATE per statement, however many rows it wrote.
CREATE FUNCTION refresh_guest_lowest_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE guest_profiles p SET lowest_price = guest_profile_lowest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT guest_profile_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE guest_profiles p SET lowest_price = guest_profile_lowest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT guest_profile_id FROM changed_old);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION refresh_show_lowest_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE show_profiles p SET lowest_price = show_profile_lowest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT show_profile_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE show_profiles p SET lowest_price = show_profile_lowest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT show_profile_id FROM changed_old);
  END IF;
  RETURN NULL;
END;
$$;

-- PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
CREATE TRIGGER guest_option_prices_insert_lowest AFTER INSERT ON guest_option_prices
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_guest_lowest_price();
CREATE TRIGGER guest_option_prices_update_lowest AFTER UPDATE ON guest_option_prices
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_guest_lowest_price();
CREATE TRIGGER guest_option_prices_delete_lowest AFTER DELETE ON guest_option_prices
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_guest_lowest_price();

CREATE TRIGGER show_option_prices_insert_lowest AFTER INSERT ON show_option_prices
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_show_lowest_price();
CREATE TRIGGER show_option_prices_update_lowest AFTER UPDATE ON show_option_prices
  REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_show_lowest_price();
CREATE TRIGGER show_option_prices_delete_lowest AFTER DELETE ON show_option_prices
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_show_lowest_price();

UPDATE guest_profiles SET lowest_price = guest_profile_lowest_price(id);
UPDATE show_profiles SET lowest_price = show_profile_lowest_price(id);

-- Browse's price sorts (cheapest or dearest first, unpriced last, then id) and price ranges.
CREATE INDEX guest_profiles_price_asc_idx ON guest_profiles (lowest_price ASC NULLS LAST, id)
  WHERE is_public;
CREATE INDEX guest_profiles_price_desc_idx ON guest_profiles (lowest_price DESC NULLS LAST, id)
  WHERE is_public;
CREATE INDEX show_profiles_price_asc_idx ON show_profiles (lowest_price ASC NULLS LAST, id)
  WHERE is_public;
CREATE INDEX show_profiles_price_desc_idx ON show_profiles (lowest_price DESC NULLS LAST, id)
  WHERE is_public;
