import type { ComponentProps, ReactNode } from 'react';
import { Field } from '@guestspot/shared-ui';
import { useFormField } from '@guestspot/shared-ui/forms';

type FormTextAreaProps = Omit<ComponentProps<'textarea'>, 'name'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
};

/** A multi-line text field bound to Formik, wired like the shared-ui fields. */
export function FormTextArea({ name, label, hint, required, ...props }: FormTextAreaProps) {
  const { field, bind } = useFormField<string>(name);
  const binding = bind<HTMLTextAreaElement>({ required });
  return (
    <Field label={label} hint={hint} error={binding.error} required={required}>
      {(control) => (
        <textarea
          {...props}
          {...control}
          className="gs-control gs-profile-actions__textarea"
          name={binding.name}
          value={field.value ?? ''}
          aria-required={binding['aria-required']}
          onChange={binding.onChange}
          onBlur={binding.onBlur}
        />
      )}
    </Field>
  );
}
