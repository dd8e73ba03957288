import { ErrorState } from '@guestspot/shared-ui';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { useBookingProfile } from '../hooks/use-booking-pricing';
import { AnswerField } from './answer-field';
import { BookingStep } from './booking-step';

/**
 * Guest side: the guest's own questions (its profile's `questions`), answered in writing and
 * sent as the booking's `miniview` (the spec shows neither their source nor the answer's shape).
 */
export function MiniviewQuestionsStep() {
  const flow = useBookingFlow('miniview-questions');
  const profile = useBookingProfile(flow.side, flow.profileId);
  const serverFields = flow.values.errors['miniview-questions']?.fields ?? {};
  if (profile.isError) return <ErrorState onRetry={() => void profile.refetch()} />;
  const questions = profile.data && 'questions' in profile.data ? profile.data.questions : [];

  return (
    <BookingStep flow={flow} step="miniview-questions" loading={profile.isPending}>
      {questions.length === 0 ? <p>No questions to answer.</p> : null}
      {questions.map((question, index) => (
        <AnswerField
          key={question}
          question={question}
          value={flow.values.miniviewAnswers[question] ?? ''}
          error={serverFields[`miniview.answers.${index}.answer`]}
          onChange={(answer) =>
            flow.update({ miniviewAnswers: { ...flow.values.miniviewAnswers, [question]: answer } })
          }
        />
      ))}
    </BookingStep>
  );
}
