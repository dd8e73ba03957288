-- A guest's confirmed interview times shape the availability slots everyone is shown (issue 17,
-- decision 104): the slots answer is kept like the public ones (until the data version moves, and
-- a minute at most), so confirming, moving or freeing a time bumps the data version too.

CREATE TRIGGER guest_confirmed_times_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guest_confirmed_times
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
