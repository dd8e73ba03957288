import type { ChangeEvent, FocusEvent } from 'react';
import { useField, useFormikContext } from 'formik';

type FormFieldOptions = {
  /** 'checkbox' makes Formik report `field.checked`. */
  type?: 'checkbox';
  /** For checkbox groups bound to an array. */
  value?: string;
};

/** What a Form* field lets its caller add to Formik's own handling. */
type CallerBinding<E extends HTMLElement> = {
  required?: boolean;
  onChange?: (event: ChangeEvent<E>) => void;
  onBlur?: (event: FocusEvent<E>) => void;
};

/**
 * Formik binding shared by the Form* fields: the error is shown only once the field was touched
 * or the form was submitted, so a pristine form does not open covered in red. `bind()` gives the
 * props every Form* field passes on: name, error, aria-required (Formik validates, so the
 * browser's own bubbles stay away) and handlers that tell Formik first, then the caller.
 */
export function useFormField<Value>(name: string, options: FormFieldOptions = {}) {
  const [field, meta, helpers] = useField<Value>({ name, ...options });
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  const bind = <E extends HTMLElement>({ required, onChange, onBlur }: CallerBinding<E>) => ({
    name: field.name,
    error,
    'aria-required': required || undefined,
    onChange: (event: ChangeEvent<E>) => {
      field.onChange(event);
      onChange?.(event);
    },
    onBlur: (event: FocusEvent<E>) => {
      field.onBlur(event);
      onBlur?.(event);
    },
  });
  return { field, meta, helpers, error, bind };
}
