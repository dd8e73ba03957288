import { Form, Formik } from 'formik';
import { useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { ButtonLink, Button, messages } from '@guestspot/shared-ui';
import { DraftSync, FormTextField } from '@guestspot/shared-ui/forms';
import { useMiniviewDraft } from '../hooks/use-miniview-draft';
import { CreateLayout } from './create-layout';

/** The server's bound on a title (decision 084). */
export const MAX_TITLE_LENGTH = 255;

const titleSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required(messages.required('Title'))
    .max(MAX_TITLE_LENGTH, messages.maxLength('Title', MAX_TITLE_LENGTH)),
});

type TitleValues = yup.InferType<typeof titleSchema>;

/** What step 2 hands back when the server refused the title (422 on `title`). */
export interface TitleStepState {
  titleError?: string;
}

/** /miniviews-create (MiniviewCreate1): the MINIVIEW's title. */
export function TitleStepPage() {
  const { draft, save, discard } = useMiniviewDraft();
  const navigate = useNavigate();
  const titleError = (useLocation().state as TitleStepState | null)?.titleError;
  return (
    <CreateLayout step={1}>
      <Formik<TitleValues>
        initialValues={{ title: draft.title }}
        initialErrors={titleError ? { title: titleError } : undefined}
        initialTouched={titleError ? { title: true } : undefined}
        validationSchema={titleSchema}
        onSubmit={async (values) => {
          save({ title: values.title.trim() });
          await navigate('/miniviews-create/questions');
        }}
      >
        <Form noValidate className="gs-miniview-create__form" aria-label="MINIVIEW title">
          <DraftSync<TitleValues> onChange={(values) => save({ title: values.title })} />
          <FormTextField
            name="title"
            label="Title"
            hint="Those who answer see it above your questions."
            required
            maxLength={MAX_TITLE_LENGTH}
            autoComplete="off"
          />
          <div className="gs-miniview-create__actions">
            <ButtonLink to="/user-miniviews" variant="secondary" onClick={discard}>
              Cancel
            </ButtonLink>
            <Button type="submit">Next</Button>
          </div>
        </Form>
      </Formik>
    </CreateLayout>
  );
}
