-- Refunds of captured booking charges (issue 17, decision 103): a booking canceled after its
-- invitee accepted gives the booker their card payment back. The LOCAL payment provider keeps the
-- refund on its charge, as a Stripe PaymentIntent's charge reads `refunded`.

ALTER TABLE local_charges DROP CONSTRAINT local_charges_status_check;
ALTER TABLE local_charges
  ADD CONSTRAINT local_charges_status_check
    CHECK (status IN ('requires_capture', 'succeeded', 'failed', 'canceled', 'refunded')),
  ADD COLUMN refunded_at timestamptz;
