import { Form, Formik } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { useSessionStore, type PublicMiniview } from '@guestspot/shared-api';
import { Button, messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { useAnswerDraftStore } from '../stores/answer-draft-store';
import { ANSWER_MAX_SECONDS, miniviewAnswerPath } from '../answering';
import { WithPublicMiniview } from './public-miniview';

/** The server's bound on an answer group's name (MAX_STRING). */
export const ANSWER_NAME_MAX_LENGTH = 255;

const nameSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.required('Name'))
    .max(ANSWER_NAME_MAX_LENGTH, messages.maxLength('Name', ANSWER_NAME_MAX_LENGTH)),
});

type NameValues = yup.InferType<typeof nameSchema>;

function NameForm({ miniview }: { miniview: PublicMiniview }) {
  const navigate = useNavigate();
  const draftName = useAnswerDraftStore((state) => state.drafts[miniview.uuid]?.name ?? '');
  const user = useSessionStore((state) => state.user);
  // A signed-in person is offered their own name; the one they gave this link before comes first.
  const initialName = draftName || (user ? `${user.first_name} ${user.last_name}`.trim() : '');
  const start = useAnswerDraftStore((state) => state.start);
  const count = miniview.questions.length;

  return (
    <section
      className="gs-page gs-page--narrow gs-miniview-answer"
      aria-labelledby="miniview-answer-title"
    >
      <p className="gs-miniview-answer__eyebrow">MINIVIEW™</p>
      <h1 id="miniview-answer-title" className="gs-page__title">
        {miniview.title}
      </h1>
      <p className="gs-miniview-answer__lead">
        You have been asked {count === 1 ? '1 question' : `${count} questions`}. Answer each one on
        video or audio, up to {ANSWER_MAX_SECONDS} seconds. No account is needed.
      </p>
      <Formik<NameValues>
        initialValues={{ name: initialName }}
        validationSchema={nameSchema}
        onSubmit={async (values) => {
          start(miniview.uuid, values.name.trim());
          await navigate(miniviewAnswerPath(miniview.uuid, 'questions'));
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="gs-miniview-answer__form" aria-label="Start answering">
            <FormTextField
              name="name"
              label="Your name"
              hint="The person who asked sees your answers under this name."
              autoComplete="name"
              required
            />
            <Button type="submit" loading={isSubmitting}>
              Start
            </Button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** /miniviews/:uuid: a MINIVIEW's title and the name its answers will go under, then Start. */
export function AnswerNamePage({
  uuid,
}: {
  /** The URL's, unless given (Storybook) */ uuid?: string;
}) {
  const params = useParams();
  return (
    <WithPublicMiniview uuid={uuid ?? params.uuid}>
      {(miniview) => <NameForm miniview={miniview} />}
    </WithPublicMiniview>
  );
}
