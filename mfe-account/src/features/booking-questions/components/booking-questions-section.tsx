import { useEffect, useId, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import {
  applyFormErrors,
  GENERIC_ERROR_MESSAGE,
  isApiError,
  serverMessage,
  type BookingQuestion,
  type FormErrorTarget,
  type BookingQuestionType,
} from '@guestspot/shared-api';
import {
  Button,
  confirm,
  EmptyState,
  ErrorState,
  messages,
  Skeleton,
  SkeletonGroup,
  toast,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { SettingsSection } from '../../../components/settings';
import { useBookingQuestions, useBookingQuestionWrites } from '../hooks/use-booking-questions';
import './booking-questions.css';
import type { ProfileSide } from '@guestspot/shared-api';

/** The API's limits (decision 089): per profile and type, and per question. */
const MAX_QUESTIONS_PER_TYPE = 20;
const MAX_QUESTION_LENGTH = 1000;

const TEXT: Record<
  BookingQuestionType,
  { heading: string; description: string; noun: string; plural: string }
> = {
  booking: {
    heading: 'Booking questions',
    description: 'Asked of everyone who books you, before the booking is sent.',
    noun: 'booking question',
    plural: 'booking questions',
  },
  pitch: {
    heading: 'Pitch questions',
    description: 'Asked of someone pitching to you, with their pitch.',
    noun: 'pitch question',
    plural: 'pitch questions',
  },
};

/** The server's own wording of the limit (decision 089). */
const limitMessage = (type: BookingQuestionType) =>
  `A profile may have at most ${MAX_QUESTIONS_PER_TYPE} ${type} questions.`;

const questionSchema = yup.object({
  body: yup
    .string()
    .trim()
    .required(messages.required('Question'))
    .max(MAX_QUESTION_LENGTH, messages.maxLength('question', MAX_QUESTION_LENGTH)),
});

interface QuestionValues {
  body: string;
}

/**
 * /details → the questions a guest or a show asks (marketplace… §7 "Profiles", decision 089):
 * booking questions, asked of whoever books the profile, and pitch questions, asked of someone
 * pitching to it. Each list adds, edits in place, deletes after confirmation and reorders with
 * Move up / Move down (focus follows the question).
 */
export function BookingQuestionsSection({
  kind,
  profileId,
}: {
  kind: 'guest' | 'show';
  profileId: number;
}) {
  return (
    <SettingsSection
      id="booking-questions"
      title="Questions"
      description="What you ask people before they book you or pitch to you. They answer in this order."
    >
      <QuestionList kind={kind} profileId={profileId} type="booking" />
      <QuestionList kind={kind} profileId={profileId} type="pitch" />
    </SettingsSection>
  );
}

/** Where focus goes once the list shows the question at `index`. */
type FocusTarget = { id: number; index: number; action: 'edit' | 'up' | 'down' };

function QuestionList({
  kind,
  profileId,
  type,
}: {
  kind: ProfileSide;
  profileId: number;
  type: BookingQuestionType;
}) {
  const text = TEXT[type];
  const headingId = useId();
  const questions = useBookingQuestions(kind, profileId, type);
  const writes = useBookingQuestionWrites(kind, profileId, type);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<FocusTarget | null>(null);

  // After the list re-renders (a move, the end of an edit), focus follows the question.
  useEffect(() => {
    const target = focusAfter.current;
    // a move shows a moment after the click (the cache's update): wait for it
    if (!target || questions.data?.findIndex((item) => item.id === target.id) !== target.index) {
      return;
    }
    const item = listRef.current?.querySelector(`[data-question-id="${target.id}"]`);
    if (!item) return;
    focusAfter.current = null;
    const order =
      target.action === 'up'
        ? ['up', 'down']
        : target.action === 'down'
          ? ['down', 'up']
          : ['edit'];
    for (const action of order) {
      const button = item.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  });

  const list = questions.data ?? [];

  function moveQuestion(question: BookingQuestion, index: number, direction: 'up' | 'down') {
    const to = direction === 'up' ? index - 1 : index + 1;
    focusAfter.current = { id: question.id, index: to, action: direction };
    setAnnouncement(`${capitalised(text.noun)} moved to position ${to + 1} of ${list.length}.`);
    writes.move.mutate({ id: question.id, to });
  }

  async function deleteQuestion(question: BookingQuestion) {
    let deleted = false;
    await confirm({
      title: `Delete this ${text.noun}?`,
      message: `“${question.body}” will no longer be asked.`,
      confirmLabel: 'Delete',
      tone: 'danger',
      onConfirm: async () => {
        try {
          await writes.remove(question.id);
          deleted = true;
          toast.success(`${capitalised(text.noun)} deleted.`);
        } catch (error) {
          toast.error(serverMessage(error, GENERIC_ERROR_MESSAGE));
        }
      },
    });
    // The question and its Delete are gone: once the dialog has closed, focus goes to the
    // list's field for a new question.
    if (deleted) {
      setTimeout(() => listRef.current?.querySelector<HTMLInputElement>('form input')?.focus(), 0);
    }
  }

  let body;
  if (questions.isPending) {
    body = (
      <SkeletonGroup label={`Loading ${text.plural}`} className="gs-questions__loading">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </SkeletonGroup>
    );
  } else if (questions.isError) {
    body = (
      <ErrorState
        titleAs="h4"
        title={`${text.heading} could not be loaded`}
        onRetry={() => void questions.refetch()}
        retrying={questions.isFetching}
      />
    );
  } else {
    body = (
      <>
        {list.length === 0 ? (
          <EmptyState
            titleAs="h4"
            size="sm"
            title={`No ${text.plural} yet`}
            message="Add one below."
          />
        ) : (
          <ol className="gs-questions__list" aria-labelledby={headingId}>
            {list.map((question, index) => {
              const name = `${text.noun} ${index + 1}`;
              return (
                <li key={question.id} className="gs-questions__item" data-question-id={question.id}>
                  {editingId === question.id ? (
                    <EditQuestionForm
                      label={capitalised(name)}
                      question={question}
                      save={(value) => writes.edit.mutateAsync({ id: question.id, body: value })}
                      close={() => {
                        focusAfter.current = { id: question.id, index, action: 'edit' };
                        setEditingId(null);
                      }}
                    />
                  ) : (
                    <>
                      <p className="gs-questions__body">{question.body}</p>
                      <div className="gs-questions__actions">
                        <Button
                          variant="secondary"
                          size="sm"
                          data-action="edit"
                          onClick={() => setEditingId(question.id)}
                        >
                          Edit <VisuallyHidden>{name}</VisuallyHidden>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          data-action="up"
                          disabled={index === 0}
                          onClick={() => moveQuestion(question, index, 'up')}
                        >
                          Move up <VisuallyHidden>{name}</VisuallyHidden>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          data-action="down"
                          disabled={index === list.length - 1}
                          onClick={() => moveQuestion(question, index, 'down')}
                        >
                          Move down <VisuallyHidden>{name}</VisuallyHidden>
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => void deleteQuestion(question)}
                        >
                          Delete <VisuallyHidden>{name}</VisuallyHidden>
                        </Button>
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {list.length >= MAX_QUESTIONS_PER_TYPE ? (
          <p className="gs-questions__full">{limitMessage(type)} Delete one to add another.</p>
        ) : (
          <AddQuestionForm
            label={`New ${text.noun}`}
            buttonName={`Add ${text.noun}`}
            add={(value) => writes.add.mutateAsync(value)}
          />
        )}
      </>
    );
  }

  return (
    <section className="gs-questions" aria-labelledby={headingId}>
      <header className="gs-questions__header">
        <h3 id={headingId} className="gs-questions__title">
          {text.heading}
        </h3>
        <p className="gs-questions__description">{text.description}</p>
      </header>
      <div ref={listRef}>{body}</div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}

/** The field and Add button under a list; the field keeps focus for the next question. */
function AddQuestionForm({
  label,
  buttonName,
  add,
}: {
  label: string;
  buttonName: string;
  add: (body: string) => Promise<unknown>;
}) {
  return (
    <Formik<QuestionValues>
      initialValues={{ body: '' }}
      validationSchema={questionSchema}
      onSubmit={async (values, helpers) => {
        try {
          await add(values.body.trim());
          helpers.resetForm();
        } catch (error) {
          failed(error, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="gs-questions__add" aria-label={buttonName}>
          <FormTextField
            name="body"
            label={label}
            required
            // read-only rather than disabled while saving: a disabled field would drop focus
            readOnly={isSubmitting}
            autoComplete="off"
            hint={`Up to ${MAX_QUESTION_LENGTH.toLocaleString('en-US')} characters.`}
            containerClassName="gs-questions__add-field"
          />
          <Button
            type="submit"
            className="gs-questions__add-button"
            loading={isSubmitting}
            disabled={isSubmitting}
          >
            Add <VisuallyHidden>{buttonName.replace(/^Add /, '')}</VisuallyHidden>
          </Button>
        </Form>
      )}
    </Formik>
  );
}

/** A question's text in edit mode: Save sends it, Cancel (or Escape) leaves it as it was. */
function EditQuestionForm({
  label,
  question,
  save,
  close,
}: {
  label: string;
  question: BookingQuestion;
  save: (body: string) => Promise<unknown>;
  close: () => void;
}) {
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  return (
    <div ref={formRef} className="gs-questions__edit">
      <Formik<QuestionValues>
        initialValues={{ body: question.body }}
        validationSchema={questionSchema}
        onSubmit={async (values, helpers) => {
          try {
            await save(values.body.trim());
            close();
          } catch (error) {
            failed(error, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form
            noValidate
            aria-label={`Edit ${label.toLowerCase()}`}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !isSubmitting) close();
            }}
          >
            <FormTextField
              name="body"
              label={label}
              required
              readOnly={isSubmitting}
              autoComplete="off"
            />
            <div className="gs-questions__edit-actions">
              <Button type="submit" size="sm" loading={isSubmitting} disabled={isSubmitting}>
                Save
              </Button>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={isSubmitting}
                onClick={close}
              >
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}

/**
 * A refused save: a 422's messages go onto the field (the one mapping); anything else is a
 * toast, as the field has nothing to say about it.
 */
function failed(error: unknown, form: FormErrorTarget) {
  if (isApiError(error) && error.status === 422) {
    applyFormErrors(error, { setErrors: form.setErrors });
    return;
  }
  toast.error(serverMessage(error, GENERIC_ERROR_MESSAGE));
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
