-- The booking page (issue 30, decision 111). A booking whose interview time is agreed is
-- 'scheduled', as the spec's standard flow says; 'confirmed' is no longer a stored status (the
-- spec's is_confirmed is derived). Proposals are made by one side and confirmed by the other:
-- proposed_by names the side whose proposals are open. A scheduling link agrees the date
-- elsewhere.
UPDATE bookings SET status = 'scheduled' WHERE status = 'confirmed';

ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings
  ADD CONSTRAINT bookings_status_check
    CHECK (status IN ('pending', 'accepted', 'scheduled', 'completed', 'canceled', 'expired'));

ALTER TABLE bookings
  ADD COLUMN proposed_by text CHECK (proposed_by IN ('guest', 'show')),
  ADD COLUMN scheduling_link text;

-- Open proposals so far were the initiator's (the booking flow's dates step).
UPDATE bookings SET proposed_by = initiator
WHERE jsonb_array_length(proposed_dates) > 0 AND status IN ('pending', 'accepted');
