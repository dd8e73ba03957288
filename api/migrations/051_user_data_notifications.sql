-- A signed-in user's own answers kept in memory (issue 34 §1, decision 123): every write to a
-- private table (one public-cache.ts lists; a write to any other table bumps the data version,
-- migration 023) names the users whose data it changed, NOTIFY user_data '<schema> <user id>',
-- delivered when the writer's transaction commits (PostgreSQL sends one of each payload per
-- transaction). An API instance forgets those users' kept answers as the notification arrives.
--
-- A user's data is also their team's: a member sees the owner's bookings and money (decision
-- 117), so the owner's change names every member of the owner's team too.
--
-- The trigger's arguments say where the users are in the row, old and new:
--   <column>           a user id
--   booking:<column>   a booking: the owners of its guest and show profiles, and its booker
--   guest:<column>     a guest profile's owner
--   team:<column>      a team's owner
-- The seed's bulk history (guestspot.seeding, migration 040) names nobody: no API is running.

CREATE FUNCTION notify_user_data_of(p_user integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  member integer;
BEGIN
  IF p_user IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_notify('user_data', current_schema() || ' ' || p_user);
  FOR member IN
    SELECT tm.user_id FROM teams t JOIN team_members tm ON tm.team_id = t.id WHERE t.owner_id = p_user
  LOOP
    PERFORM pg_notify('user_data', current_schema() || ' ' || member);
  END LOOP;
END;
$$;

CREATE FUNCTION notify_user_data() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec jsonb;
  spec text;
  kind text;
  value integer;
  owner integer;
BEGIN
  IF coalesce(current_setting('guestspot.seeding', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  FOREACH rec IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
    CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END
  ] LOOP
    CONTINUE WHEN rec IS NULL;
    FOREACH spec IN ARRAY TG_ARGV LOOP
      kind := CASE WHEN position(':' IN spec) > 0 THEN split_part(spec, ':', 1) ELSE 'user' END;
      value := (rec ->> CASE WHEN kind = 'user' THEN spec ELSE split_part(spec, ':', 2) END)::integer;
      CONTINUE WHEN value IS NULL;
      IF kind = 'user' THEN
        PERFORM notify_user_data_of(value);
      ELSIF kind = 'booking' THEN
        FOR owner IN
          SELECT g.user_id FROM bookings b JOIN guest_profiles g ON g.id = b.guest_profile_id
          WHERE b.id = value
          UNION
          SELECT s.user_id FROM bookings b JOIN show_profiles s ON s.id = b.show_profile_id
          WHERE b.id = value
          UNION
          SELECT b.booker_user_id FROM bookings b WHERE b.id = value
        LOOP
          PERFORM notify_user_data_of(owner);
        END LOOP;
      ELSIF kind = 'guest' THEN
        PERFORM notify_user_data_of((SELECT g.user_id FROM guest_profiles g WHERE g.id = value));
      ELSIF kind = 'team' THEN
        PERFORM notify_user_data_of((SELECT t.owner_id FROM teams t WHERE t.id = value));
      ELSE
        RAISE EXCEPTION 'notify_user_data: unknown argument %', spec;
      END IF;
    END LOOP;
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON availability_requests
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON billing_customers
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_activities
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('booking:booking_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_codes
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('guest:guest_profile_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_messages
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('booking:booking_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_payments
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('booking:booking_id', 'owner_user_id', 'payee_user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_question_answers
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('booking:booking_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_upsells
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('booking:booking_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_feed_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON connect_guest_rejections
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON connect_show_rejections
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON inquiries
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON integrations
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON local_charges
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON local_connect_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON local_payment_methods
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON local_setup_intents
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON oauth_connections
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON payout_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON recording_uploads
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON referral_views
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('referrer_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id', 'impersonator_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON smartlist_groups
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON smartlist_items
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON social_accounts
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON store_credit_entries
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON team_invitations
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('team:team_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id', 'team:team_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('owner_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON user_events
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION notify_user_data('user_id');
