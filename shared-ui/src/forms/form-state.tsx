import { useEffect, useRef } from 'react';
import { setIn, useFormikContext, type FormikErrors, type FormikHelpers } from 'formik';
import { applyFormErrors } from '@guestspot/shared-api';

/**
 * Reports the surrounding form's values whenever they change, so that a draft store keeps what
 * was typed across steps and reloads (the registration wizard, MINIVIEW creation). Only real edits
 * are reported, not the first render (that is the draft itself).
 */
export function DraftSync<Values>({ onChange }: { onChange?: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  const latest = useRef(onChange);
  const first = useRef(true);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current?.(values);
  }, [values]);
  return null;
}

/**
 * applyFormErrors for forms with nested values: the API names fields 'social_media.instagram'
 * or 'questions.2.body', Formik looks errors up by path, so the flat keys become nested objects.
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
