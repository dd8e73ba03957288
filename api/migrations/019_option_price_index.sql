-- Browse with filter[options] prices each profile by its chosen options (decision 056): the
-- lowest price per profile and chosen option, computed for every profile at once. This index
-- hands over exactly the chosen options' rows, grouped by profile, without reading the table.
CREATE INDEX guest_option_prices_option_profile_price_idx
  ON guest_option_prices (booking_option_id, guest_profile_id, price);
CREATE INDEX show_option_prices_option_profile_price_idx
  ON show_option_prices (booking_option_id, show_profile_id, price);
