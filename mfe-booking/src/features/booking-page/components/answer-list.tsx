import type { BookingDetail } from '@guestspot/shared-api';

/** Questions with their answers, of one kind: the booking's own questions or its MINIVIEW's. */
export function AnswerList({
  answers,
  kind,
  empty,
}: {
  answers: BookingDetail['answers'];
  kind: 'booking' | 'miniview';
  empty: string;
}) {
  const items = answers.filter((answer) => answer.kind === kind);
  if (items.length === 0) return <p className="gs-booking-answers__empty">{empty}</p>;
  return (
    <dl className="gs-booking-answers">
      {items.map((item, index) => (
        <div key={index} className="gs-booking-answers__item">
          <dt>{item.question}</dt>
          <dd>{item.answer?.trim() ? item.answer : <em>Not answered</em>}</dd>
        </div>
      ))}
    </dl>
  );
}
