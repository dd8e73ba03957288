-- The highest price a card can show (decision 061): the dearest bookable option, each option at
-- its lowest duration price as option_prices carries it. Kept beside lowest_price by the same
-- statement triggers (migration 014), so Browse's "Price: high to low" is an index walk that
-- follows the numbers on the cards, which show the top of each profile's range for -price.

ALTER TABLE guest_profiles ADD COLUMN highest_price integer;
ALTER TABLE show_profiles ADD COLUMN highest_price integer;

CREATE FUNCTION guest_profile_highest_price(profile_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT max(per_option.price) FROM (
    SELECT min(op.price) AS price FROM guest_option_prices op
    JOIN booking_options bo ON bo.id = op.booking_option_id
    WHERE op.guest_profile_id = profile_id AND bo.slug NOT IN ('pitch', 'miniview')
    GROUP BY op.booking_option_id
  ) per_option
$$;

CREATE FUNCTION show_profile_highest_price(profile_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT max(per_option.price) FROM (
    SELECT min(op.price) AS price FROM show_option_prices op
    JOIN booking_options bo ON bo.id = op.booking_option_id
    WHERE op.show_profile_id = profile_id AND bo.slug NOT IN ('pitch', 'miniview')
    GROUP BY op.booking_option_id
  ) per_option
$$;

CREATE OR REPLACE FUNCTION refresh_guest_lowest_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE guest_profiles p SET lowest_price = guest_profile_lowest_price(p.id),
      highest_price = guest_profile_highest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT guest_profile_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE guest_profiles p SET lowest_price = guest_profile_lowest_price(p.id),
      highest_price = guest_profile_highest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT guest_profile_id FROM changed_old);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION refresh_show_lowest_price() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE show_profiles p SET lowest_price = show_profile_lowest_price(p.id),
      highest_price = show_profile_highest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT show_profile_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE show_profiles p SET lowest_price = show_profile_lowest_price(p.id),
      highest_price = show_profile_highest_price(p.id)
    WHERE p.id IN (SELECT DISTINCT show_profile_id FROM changed_old);
  END IF;
  RETURN NULL;
END;
$$;

UPDATE guest_profiles SET highest_price = guest_profile_highest_price(id);
UPDATE show_profiles SET highest_price = show_profile_highest_price(id);

-- "Price: high to low" now walks highest_price; the lowest_price descending indexes served it.
DROP INDEX guest_profiles_price_desc_idx;
DROP INDEX show_profiles_price_desc_idx;
CREATE INDEX guest_profiles_highest_price_idx ON guest_profiles (highest_price DESC NULLS LAST, id)
  WHERE is_public;
CREATE INDEX show_profiles_highest_price_idx ON show_profiles (highest_price DESC NULLS LAST, id)
  WHERE is_public;
