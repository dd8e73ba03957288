import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  isApiError,
  serverMessage,
  type MiniviewQuestion,
  type PublicMiniview,
} from '@guestspot/shared-api';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import { Alert, Button, IconCheck, Spinner } from '@guestspot/shared-ui';
import type { RecorderUploadOptions, RecordingType } from '@guestspot/shared-ui/recorder';
import { ANSWER_EVERY_QUESTION, ANSWER_MAX_SECONDS, miniviewAnswerPath } from '../answering';
import { useSubmitAnswers } from '../hooks/use-public-miniview';
import { useAnswerDraftStore, type AnswerDraft } from '../stores/answer-draft-store';
import { WithPublicMiniview } from './public-miniview';

// The recorder (and what it records with) loads with the first question, not with the name page.
const Recorder = lazy(async () => ({
  default: (await import('@guestspot/shared-ui/recorder')).Recorder,
}));

const RECORDING_TYPES: RecordingType[] = ['video', 'audio'];
const NOT_AVAILABLE = 'This MINIVIEW™ was not found or is no longer available.';
/** A recording the server did not take for this MINIVIEW: `answers.{n}.media_uuid`. */
const ANSWER_FIELD = /^answers\.(\d+)\.media_uuid$/;

/** The question's own recording, played with the browser's controls. */
function QuestionMedia({ question, label }: { question: MiniviewQuestion; label: string }) {
  const url = question.question_media_url;
  if (!url || !question.question_media_type) return null;
  return question.question_media_type === 'video' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording made by its author: no captions exist
    <video
      className="gs-miniview-answer__video"
      src={url}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
    />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording made by its author: no captions exist
    <audio
      className="gs-miniview-answer__audio"
      src={url}
      controls
      preload="metadata"
      aria-label={label}
    />
  );
}

/** Every question as a step: which one is shown, which are answered; a tap goes to one. */
function QuestionSteps({
  questions,
  answers,
  current,
  onGo,
}: {
  questions: MiniviewQuestion[];
  answers: AnswerDraft['answers'];
  current: number;
  onGo: (index: number) => void;
}) {
  return (
    <nav className="gs-miniview-steps" aria-label="Questions">
      <ol className="gs-miniview-steps__list">
        {questions.map((question, index) => {
          const answered = Boolean(answers[question.id]);
          return (
            <li key={question.id}>
              <button
                type="button"
                className="gs-miniview-steps__step"
                data-state={answered ? 'answered' : 'unanswered'}
                aria-current={index === current ? 'step' : undefined}
                aria-label={`Question ${index + 1}, ${answered ? 'answered' : 'not answered'}`}
                onClick={() => onGo(index)}
              >
                {answered ? <IconCheck aria-hidden="true" /> : index + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Questions({ miniview, draft }: { miniview: PublicMiniview; draft: AnswerDraft }) {
  const { questions } = miniview;
  const firstUnanswered = (answers: AnswerDraft['answers']) =>
    questions.findIndex((question) => !answers[question.id]);
  const [current, setCurrent] = useState(() => Math.max(0, firstUnanswered(draft.answers)));
  const [error, setError] = useState<string | null>(null);
  const saveAnswer = useAnswerDraftStore((state) => state.saveAnswer);
  const dropAnswer = useAnswerDraftStore((state) => state.dropAnswer);
  const submitAnswers = useSubmitAnswers(miniview.uuid);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Moving to another question takes focus to it, so a screen reader reads it out next.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [current]);

  const question = questions[current] ?? questions[0];
  if (!question) return null;
  const index = questions.indexOf(question);
  const answeredCount = questions.filter((candidate) => draft.answers[candidate.id]).length;
  const upload = (media: Blob, options: RecorderUploadOptions) =>
    uploadRecording(media, { ...options, miniviewUuid: miniview.uuid });

  const go = (next: number) => {
    setCurrent(next);
    setError(null);
  };

  const submit = async () => {
    setError(null);
    const missing = firstUnanswered(draft.answers);
    if (missing >= 0) {
      setError(ANSWER_EVERY_QUESTION);
      setCurrent(missing);
      return;
    }
    try {
      await submitAnswers.mutateAsync({
        name: draft.name,
        answers: questions.map((candidate) => ({
          question_id: candidate.id,
          media_uuid: draft.answers[candidate.id]?.uuid ?? '',
        })),
      });
      // The success page forgets the draft: were it gone now, this page would leave for the name.
      await navigate(miniviewAnswerPath(miniview.uuid, 'success'), { replace: true });
    } catch (caught) {
      if (isApiError(caught) && caught.status === 404) {
        setError(NOT_AVAILABLE);
        return;
      }
      setError(serverMessage(caught, GENERIC_ERROR_MESSAGE));
      if (!isApiError(caught) || !caught.isValidation) return;
      // A recording the server refused is recorded again: its question is unanswered.
      const answers = { ...draft.answers };
      for (const field of Object.keys(caught.fieldErrors)) {
        const refused = questions[Number(ANSWER_FIELD.exec(field)?.[1] ?? -1)];
        if (!refused) continue;
        delete answers[refused.id];
        dropAnswer(miniview.uuid, refused.id);
      }
      const next = firstUnanswered(answers);
      if (next >= 0) setCurrent(next);
    }
  };

  return (
    <section
      className="gs-page gs-page--narrow gs-miniview-answer"
      aria-labelledby="miniview-answer-title"
    >
      <p className="gs-miniview-answer__eyebrow">MINIVIEW™ · answering as {draft.name}</p>
      <h1 id="miniview-answer-title" className="gs-page__title">
        {miniview.title}
      </h1>
      <QuestionSteps questions={questions} answers={draft.answers} current={index} onGo={go} />
      <section className="gs-miniview-answer__question" aria-labelledby="miniview-question-title">
        <h2
          id="miniview-question-title"
          ref={heading}
          tabIndex={-1}
          className="gs-miniview-answer__question-title"
        >
          Question {index + 1} of {questions.length}
        </h2>
        <p className="gs-miniview-answer__question-body">{question.body}</p>
        <QuestionMedia question={question} label={`Question ${index + 1} recording`} />
        <p
          className="gs-miniview-answer__status"
          data-state={draft.answers[question.id] ? 'answered' : 'unanswered'}
        >
          {draft.answers[question.id]
            ? 'Answered. Press Redo to record it again.'
            : `Not answered yet. Record your answer on video or audio, up to ${ANSWER_MAX_SECONDS} seconds.`}
        </p>
        <Suspense fallback={<Spinner label="Loading the recorder" />}>
          <Recorder
            // A new question starts the recorder afresh.
            key={question.id}
            types={RECORDING_TYPES}
            maxSeconds={ANSWER_MAX_SECONDS}
            label="Record your answer"
            saveLabel="Save answer"
            upload={upload}
            value={draft.answers[question.id] ?? null}
            onSaved={(recording) => {
              setError(null);
              saveAnswer(miniview.uuid, question.id, {
                uuid: recording.uuid,
                url: recording.url,
                type: recording.type,
              });
            }}
          />
        </Suspense>
      </section>
      <div className="gs-miniview-answer__nav">
        {index > 0 ? (
          <Button variant="secondary" onClick={() => go(index - 1)}>
            Previous
          </Button>
        ) : null}
        {index < questions.length - 1 ? (
          <Button
            variant="secondary"
            className="gs-miniview-answer__next"
            onClick={() => go(index + 1)}
          >
            Next
          </Button>
        ) : null}
      </div>
      <div className="gs-miniview-answer__submit">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <p id="miniview-answer-progress" className="gs-miniview-answer__progress">
          {answeredCount} of {questions.length} answered
        </p>
        <Button
          onClick={() => void submit()}
          loading={submitAnswers.isPending}
          aria-describedby="miniview-answer-progress"
        >
          Submit answers
        </Button>
      </div>
    </section>
  );
}

function QuestionsForDraft({ miniview }: { miniview: PublicMiniview }) {
  const draft = useAnswerDraftStore((state) => state.drafts[miniview.uuid]);
  // No name yet (a link shared to this page, or the draft went with the tab): ask for it first.
  if (!draft?.name) return <Navigate to={miniviewAnswerPath(miniview.uuid)} replace />;
  return <Questions miniview={miniview} draft={draft} />;
}

/**
 * /miniviews/:uuid/questions: each question in turn with its own recording, answered on video or
 * audio; the answers are uploaded one by one and sent together with Submit.
 */
export function AnswerQuestionsPage({
  uuid,
}: {
  /** The URL's, unless given (Storybook) */ uuid?: string;
}) {
  const params = useParams();
  return (
    <WithPublicMiniview uuid={uuid ?? params.uuid}>
      {(miniview) => <QuestionsForDraft miniview={miniview} />}
    </WithPublicMiniview>
  );
}
