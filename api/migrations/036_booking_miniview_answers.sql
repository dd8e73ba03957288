-- A guest booking's answers to the guest's own miniview questions (issue 17, decision 103): kept
-- beside the answers to the booking questions, as the booking page reads them
-- (booking-management… §3 `miniviewQuestions`), instead of only in the timeline.

ALTER TABLE booking_question_answers
  ADD COLUMN kind text NOT NULL DEFAULT 'booking' CHECK (kind IN ('booking', 'miniview'));
ALTER TABLE booking_question_answers DROP CONSTRAINT booking_question_answers_booking_id_position_key;
ALTER TABLE booking_question_answers ADD CONSTRAINT booking_question_answers_position_key
  UNIQUE (booking_id, kind, position);

-- Bookings made before this kept their miniview answers in the 'miniview-answers' activity.
INSERT INTO booking_question_answers (booking_id, kind, position, question, answer)
SELECT a.booking_id, 'miniview', item.ordinality - 1, item.value ->> 'question',
       NULLIF(item.value ->> 'answer', '')
FROM booking_activities a
CROSS JOIN LATERAL jsonb_array_elements(a.payload -> 'answers') WITH ORDINALITY AS item (value, ordinality)
WHERE a.type = 'miniview-answers' AND item.value ->> 'question' IS NOT NULL;

UPDATE booking_activities
SET payload = jsonb_build_object('count', jsonb_array_length(payload -> 'answers'))
WHERE type = 'miniview-answers' AND jsonb_typeof(payload -> 'answers') = 'array';
