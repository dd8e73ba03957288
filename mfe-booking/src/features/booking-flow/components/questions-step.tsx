import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { listBookingQuestions } from '@guestspot/shared-api/booking-questions';
import { ErrorState, messages } from '@guestspot/shared-ui';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { AnswerField } from './answer-field';
import { BookingStep } from './booking-step';

/** The profile's booking questions (its pitch questions in a pitch), each to be answered. */
export function QuestionsStep() {
  const flow = useBookingFlow('questions');
  const type = flow.isPitch ? 'pitch' : 'booking';
  const questions = useQuery({
    queryKey: queryKeys.bookingQuestions(flow.side, flow.profileId, type),
    queryFn: () => listBookingQuestions(flow.side, flow.profileId, type),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverFields = flow.values.errors.questions?.fields ?? {};

  if (questions.isError) return <ErrorState onRetry={() => void questions.refetch()} />;
  const list = questions.data ?? [];

  return (
    <BookingStep
      flow={flow}
      step="questions"
      loading={questions.isPending}
      validate={() => {
        const missing: Record<string, string> = {};
        for (const question of list) {
          if (!flow.values.answers[question.id]?.trim()) {
            missing[question.id] = messages.required('Answer');
          }
        }
        setErrors(missing);
        return Object.keys(missing).length === 0;
      }}
    >
      {list.length === 0 ? <p>No questions to answer.</p> : null}
      {list.map((question, index) => (
        <AnswerField
          key={question.id}
          question={question.body}
          required
          value={flow.values.answers[question.id] ?? ''}
          error={errors[question.id] ?? serverFields[`questions.${index}.answer`]}
          onChange={(answer) => {
            setErrors(({ [question.id]: _removed, ...rest }) => rest);
            flow.update({ answers: { ...flow.values.answers, [question.id]: answer } });
          }}
        />
      ))}
    </BookingStep>
  );
}
