import { useField, useFormikContext } from 'formik';

type FormFieldOptions = {
  /** 'checkbox' makes Formik report `field.checked`. */
  type?: 'checkbox';
  /** For checkbox groups bound to an array. */
  value?: string;
};

/**
 * Formik binding shared by the Form* fields: the error is shown only once the field was touched
 * or the form was submitted, so a pristine form does not open covered in red.
 */
export function useFormField<Value>(name: string, options: FormFieldOptions = {}) {
  const [field, meta, helpers] = useField<Value>({ name, ...options });
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return { field, meta, helpers, error };
}
