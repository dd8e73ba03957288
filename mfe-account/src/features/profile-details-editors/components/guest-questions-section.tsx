import * as yup from 'yup';
import { updateGuest } from '@guestspot/shared-api/guests';
import { messages } from '@guestspot/shared-ui';
import { FormTextArea } from '@guestspot/shared-ui/forms';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import { ProfileForm } from '../../../components/profile-forms/form-parts';
import { useGuestProfile } from '../hooks/use-profile-editor';
import {
  cleanTexts,
  GUEST_LIST_LIMITS as LIMITS,
  onFormRows,
  rowsToEdit,
} from '../lib/guest-lists';
import { EditorPanel, SavedList } from './editor-panel';
import { ListField } from './list-field';

interface QuestionsValues {
  questions: string[];
}

const questionsSchema = yup.object({
  questions: yup
    .array(
      yup.string().trim().max(LIMITS.question, messages.maxLength('Question', LIMITS.question)),
    )
    .max(LIMITS.questions, messages.maxValue('Questions', LIMITS.questions))
    .required(),
});

/**
 * /details/guest → Your questions: the guest's own questions (PUT /guests/{id} with `questions`,
 * replaced whole), which a show booking them answers in the booking flow's MINIVIEW questions
 * step. Blank rows are not sent, and a 422 on a sent question lands on the row it came from.
 */
export function GuestQuestionsSection({ profileId }: { profileId: number }) {
  const { query, keep } = useGuestProfile(profileId);
  return (
    <SettingsSection
      id="guest-questions"
      title="Your questions"
      description="Shows that book you answer these in writing before they pay, when the MINIVIEW questions step of your booking flow is on."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your questions"
        errorMessage="Your questions could not be loaded."
      >
        {(profile) => (
          <EditorPanel
            label="Your questions"
            view={<SavedList entries={profile.questions} empty="No questions added yet." ordered />}
          >
            {({ save, cancel }) => (
              <ProfileForm<QuestionsValues>
                label="Your questions"
                initialValues={{ questions: rowsToEdit(profile.questions, '') }}
                schema={questionsSchema}
                submitLabel="Save"
                secondaryAction={cancel}
                submit={(values) =>
                  save(async () => {
                    const { list, rows } = cleanTexts(values.questions);
                    const saved = await updateGuest(profileId, { questions: list }).catch(
                      (error: unknown) => {
                        throw onFormRows(error, 'questions', rows);
                      },
                    );
                    keep({ ...saved, questions: list });
                  })
                }
              >
                {({ questions }) => (
                  <ListField
                    name="questions"
                    legend="Questions"
                    noun="question"
                    plural="questions"
                    max={LIMITS.questions}
                    empty=""
                  >
                    {(index) => (
                      <FormTextArea
                        name={`questions.${index}`}
                        label={`Question ${index + 1}`}
                        hint={`${questions[index]?.length ?? 0} of ${LIMITS.question} characters`}
                        rows={3}
                        maxLength={LIMITS.question}
                      />
                    )}
                  </ListField>
                )}
              </ProfileForm>
            )}
          </EditorPanel>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
