import type { ReactNode } from 'react';
import { Form, Formik, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { Alert, Button } from '@guestspot/shared-ui';
import { applyNestedFormErrors, DraftSync } from '@guestspot/shared-ui/forms';
import './profile-forms.css';

// One way to sync a draft and to map nested server errors: shared-ui's, used by other remotes too.

/** "Tag one, tag two" -> ['Tag one', 'tag two'] */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

interface ProfileFormProps<Values> {
  /** The form's accessible name. */
  label: string;
  initialValues: Values;
  schema: AnyObjectSchema;
  /** Sends the values; a thrown ApiError's field errors land on the matching fields. */
  submit: (values: Values) => Promise<unknown>;
  onChange?: (values: Values) => void;
  submitLabel: string;
  secondaryAction?: ReactNode;
  children: ReactNode | ((values: Values) => ReactNode);
}

/**
 * What every profile form shares (registration steps and the /details editors): Formik with the
 * schema, server errors mapped onto the fields, the draft report, the error alert, and the
 * secondary action beside a submit button that is busy while the request runs.
 */
export function ProfileForm<Values extends FormikValues>({
  label,
  initialValues,
  schema,
  submit,
  onChange,
  submitLabel,
  secondaryAction,
  children,
}: ProfileFormProps<Values>) {
  return (
    <Formik<Values>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          await submit(values);
        } catch (error) {
          applyNestedFormErrors(error, helpers);
        }
      }}
    >
      {({ isSubmitting, status, values }) => (
        <Form noValidate className="gs-profile-form" aria-label={label}>
          <DraftSync onChange={onChange} />
          {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
          {typeof children === 'function' ? children(values) : children}
          <div className="gs-profile-form__actions">
            {secondaryAction ?? <span />}
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {submitLabel}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
