-- Referral codes drawn for new accounts are 16 characters (60 random bits) instead of 10 (40).
-- With 10, two of a million accounts share a drawn code with a probability of about 0.4: the
-- second account's insert fails on users_referral_code_key (issue 34 §3 found it seeding a
-- million profiles), and a registration would fail the same way, rarely. At 60 bits a million
-- accounts collide with a probability of about 4e-7. Existing codes stay: links already shared
-- keep working.
ALTER TABLE users
  ALTER COLUMN referral_code SET DEFAULT left(replace(gen_random_uuid()::text, '-', ''), 16);
