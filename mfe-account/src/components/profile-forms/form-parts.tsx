import { useEffect, useRef, type ReactNode } from 'react';
import {
  Form,
  Formik,
  setIn,
  useFormikContext,
  type FormikErrors,
  type FormikHelpers,
  type FormikValues,
} from 'formik';
import type { AnyObjectSchema } from 'yup';
import { applyFormErrors } from '@guestspot/shared-api';
import { Alert, Button } from '@guestspot/shared-ui';
import './profile-forms.css';

/** Reports the form's values whenever they change (the wizard keeps them as a draft). */
export function DraftSync<Values>({ onChange }: { onChange?: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  const latest = useRef(onChange);
  const first = useRef(true);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    // Only real edits are reported (not the first render), and only when the values change.
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current?.(values);
  }, [values]);
  return null;
}

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

/**
 * applyFormErrors for forms with nested values: the API names fields 'social_media.instagram'
 * or 'podcasts.0', Formik looks errors up by path, so the flat keys become nested objects.
 */
export function applyNestedFormErrors<Values>(
  error: unknown,
  helpers: Pick<FormikHelpers<Values>, 'setErrors' | 'setStatus'>,
): string {
  return applyFormErrors(error, {
    setErrors: (flat: Record<string, string>) => {
      let nested: FormikErrors<Values> = {};
      for (const [path, message] of Object.entries(flat)) {
        nested = setIn(nested, path, message) as FormikErrors<Values>;
      }
      helpers.setErrors(nested);
    },
    setStatus: helpers.setStatus,
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
