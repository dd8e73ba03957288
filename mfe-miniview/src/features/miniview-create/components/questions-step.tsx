import { useEffect, useRef, useState } from 'react';
import { FieldArray, Form, Formik, getIn, type FormikHelpers, type FormikProps } from 'formik';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { isApiError } from '@guestspot/shared-api';
import { Alert, Button, ButtonLink, messages, openSubscribeDialog } from '@guestspot/shared-ui';
import { applyNestedFormErrors, DraftSync, FormTextArea } from '@guestspot/shared-ui/forms';
import { useCreateMiniview } from '../hooks/use-create-miniview';
import { useMiniviewDraft } from '../hooks/use-miniview-draft';
import {
  newQuestionKey,
  useMiniviewDraftStore,
  type DraftQuestion,
  type SavedRecording,
} from '../stores/miniview-draft-store';
import { CreateLayout } from './create-layout';
import { QuestionRecording } from './question-recording';
import type { TitleStepState } from './title-step';

/** The server's bounds (decision 084): up to 20 questions of up to 1000 characters. */
export const MAX_QUESTIONS = 20;
export const MAX_QUESTION_LENGTH = 1000;
export const QUESTIONS_LIMIT_MESSAGE = `A MINIVIEW™ holds up to ${MAX_QUESTIONS} questions.`;
export const NO_QUESTIONS_MESSAGE = 'Add at least one question.';

const questionsSchema = yup.object({
  questions: yup
    .array()
    .of(
      yup.object({
        key: yup.string().required(),
        body: yup
          .string()
          .trim()
          .required(messages.required('Question'))
          .max(MAX_QUESTION_LENGTH, messages.maxLength('Question', MAX_QUESTION_LENGTH)),
        recording: yup.mixed<SavedRecording>().nullable().defined(),
      }),
    )
    .required()
    .min(1, NO_QUESTIONS_MESSAGE)
    .max(MAX_QUESTIONS, QUESTIONS_LIMIT_MESSAGE),
});

interface QuestionsValues {
  questions: DraftQuestion[];
}

const blankQuestion = (): DraftQuestion => ({ key: newQuestionKey(), body: '', recording: null });

/**
 * Where focus goes after a change of the list: after a move, the same control of the moved
 * question if it still works (else the other one); after an add, the new question's text; after
 * the last question is removed, Add a question.
 */
type PendingFocus = { key: string; control: 'up' | 'down' | 'text' } | { control: 'add' };

const ADD_BUTTON_ID = 'miniview-add-question';

/** /miniviews-create/questions (MiniviewCreate2): add, edit, reorder and remove the questions. */
export function QuestionsStepPage() {
  const { userId, draft, save } = useMiniviewDraft();
  const finish = useMiniviewDraftStore((state) => state.finish);
  const create = useCreateMiniview();
  const navigate = useNavigate();
  const form = useRef<FormikProps<QuestionsValues>>(null);
  const list = useRef<HTMLOListElement>(null);
  const [focus, setFocus] = useState<PendingFocus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Set once created: the draft is cleared then, and this page must not send anyone to step 1.
  const created = useRef(false);

  useEffect(() => {
    if (!focus) return;
    if (focus.control === 'add') {
      document.getElementById(ADD_BUTTON_ID)?.focus();
      setFocus(null);
      return;
    }
    const item = list.current?.querySelector(`[data-question="${focus.key}"]`);
    if (focus.control === 'text') {
      item?.querySelector('textarea')?.focus();
      setFocus(null);
      return;
    }
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${focus.control}"]`);
    const other = item?.querySelector<HTMLButtonElement>(
      `[data-move="${focus.control === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocus(null);
  }, [focus]);

  if (!draft.title.trim() && !created.current) {
    return <Navigate to="/miniviews-create" replace />;
  }

  const submit = async (values: QuestionsValues, helpers: FormikHelpers<QuestionsValues>) => {
    helpers.setStatus(undefined);
    try {
      const miniview = await create.mutateAsync({
        title: draft.title.trim(),
        questions: values.questions.map((question) => ({
          body: question.body.trim(),
          media_uuid: question.recording?.uuid ?? null,
        })),
      });
      created.current = true;
      finish(userId, { id: miniview.id, uuid: miniview.uuid, title: miniview.title });
      await navigate('/miniviews-create/success');
    } catch (error) {
      // 'questions.2.body' lands under that question; the title is step 1's field.
      applyNestedFormErrors(error, helpers);
      const titleError = isApiError(error) ? error.fieldErrors.title?.[0] : undefined;
      if (titleError) {
        // The title is step 1's: back there, with the server's word on the field.
        const state: TitleStepState = { titleError };
        await navigate('/miniviews-create', { state });
        return;
      }
      if (isApiError(error) && error.status === 426) {
        // The account is not Pro (any more): subscribing sends the questions again.
        openSubscribeDialog({ onSubscribed: () => void form.current?.submitForm() });
      }
    }
  };

  return (
    <CreateLayout step={2}>
      <p className="gs-miniview-create__title">
        <span className="gs-miniview-create__title-label">Title</span> {draft.title}{' '}
        <Link to="/miniviews-create">Edit the title</Link>
      </p>
      <Formik<QuestionsValues>
        innerRef={form}
        initialValues={{
          questions: draft.questions.length > 0 ? draft.questions : [blankQuestion()],
        }}
        validationSchema={questionsSchema}
        onSubmit={submit}
      >
        {({ values, errors, status, isSubmitting, setFieldValue }) => {
          const count = values.questions.length;
          const full = count >= MAX_QUESTIONS;
          const listError = typeof errors.questions === 'string' ? errors.questions : undefined;
          return (
            <Form noValidate className="gs-miniview-create__form" aria-label="Questions">
              <DraftSync<QuestionsValues>
                onChange={(next) => save({ questions: next.questions })}
              />
              <FieldArray name="questions">
                {(array) => {
                  const move = (from: number, to: number, control: 'up' | 'down') => {
                    const question = values.questions[from];
                    if (!question) return;
                    array.move(from, to);
                    setFocus({ key: question.key, control });
                    setAnnouncement(`Question ${from + 1} moved to position ${to + 1}.`);
                  };
                  const remove = (index: number) => {
                    array.remove(index);
                    setAnnouncement(`Question ${index + 1} removed.`);
                    // Focus stays in the list: the question now in its place, else the last one.
                    const next = values.questions[index + 1] ?? values.questions[index - 1];
                    setFocus(next ? { key: next.key, control: 'up' } : { control: 'add' });
                  };
                  return (
                    <>
                      <ol className="gs-miniview-create__questions" ref={list}>
                        {values.questions.map((question, index) => {
                          const number = index + 1;
                          const hidden = (
                            <span className="visually-hidden"> question {number}</span>
                          );
                          return (
                            <li
                              key={question.key}
                              className="gs-miniview-create__question"
                              data-question={question.key}
                            >
                              <FormTextArea
                                name={`questions.${index}.body`}
                                label={`Question ${number}`}
                                required
                                rows={3}
                                maxLength={MAX_QUESTION_LENGTH}
                              />
                              <QuestionRecording
                                number={number}
                                recording={question.recording}
                                error={
                                  getIn(errors, `questions.${index}.media_uuid`) as
                                    | string
                                    | undefined
                                }
                                onChange={(recording) =>
                                  void setFieldValue(`questions.${index}.recording`, recording)
                                }
                              />
                              <div className="gs-miniview-create__question-actions">
                                <Button
                                  variant="secondary"
                                  size="sm"
                                  data-move="up"
                                  disabled={index === 0 || isSubmitting}
                                  onClick={() => move(index, index - 1, 'up')}
                                >
                                  Move up{hidden}
                                </Button>
                                <Button
                                  variant="secondary"
                                  size="sm"
                                  data-move="down"
                                  disabled={index === count - 1 || isSubmitting}
                                  onClick={() => move(index, index + 1, 'down')}
                                >
                                  Move down{hidden}
                                </Button>
                                <Button
                                  variant="ghost"
                                  size="sm"
                                  disabled={isSubmitting}
                                  onClick={() => remove(index)}
                                >
                                  Remove{hidden}
                                </Button>
                              </div>
                            </li>
                          );
                        })}
                      </ol>
                      <p className="visually-hidden" role="status">
                        {announcement}
                      </p>
                      <div className="gs-miniview-create__add">
                        <Button
                          id={ADD_BUTTON_ID}
                          variant="secondary"
                          disabled={full || isSubmitting}
                          aria-describedby="miniview-questions-limit"
                          onClick={() => {
                            const added = blankQuestion();
                            array.push(added);
                            setFocus({ key: added.key, control: 'text' });
                            setAnnouncement(`Question ${count + 1} added.`);
                          }}
                        >
                          Add a question
                        </Button>
                        <p
                          id="miniview-questions-limit"
                          className="gs-miniview-create__hint"
                          data-state={full ? 'full' : undefined}
                        >
                          {full
                            ? QUESTIONS_LIMIT_MESSAGE
                            : `${count} of ${MAX_QUESTIONS} questions.`}
                        </p>
                      </div>
                    </>
                  );
                }}
              </FieldArray>
              {listError ? (
                <p className="gs-miniview-create__error" role="alert">
                  {listError}
                </p>
              ) : null}
              {status?.error ? <Alert tone="danger" title={status.error} /> : null}
              <div className="gs-miniview-create__actions">
                <ButtonLink to="/miniviews-create" variant="secondary">
                  Back
                </ButtonLink>
                <Button type="submit" loading={isSubmitting}>
                  Create MINIVIEW™
                </Button>
              </div>
            </Form>
          );
        }}
      </Formik>
    </CreateLayout>
  );
}
