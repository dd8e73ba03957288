import type { ComponentProps, ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import { cx, Field } from '@guestspot/shared-ui';
import { FormCheckbox, type FormBinding } from './form-fields';
import { useFormField } from './use-form-field';
import './forms.css';

export type FormTextAreaProps = Omit<ComponentProps<'textarea'>, 'name'> &
  FormBinding & {
    label: ReactNode;
    hint?: ReactNode;
  };

/** A multi-line text field bound to the surrounding <Formik> form, wired like TextField. */
export function FormTextArea({
  name,
  label,
  hint,
  required,
  className,
  ...props
}: FormTextAreaProps) {
  const { field, bind } = useFormField<string>(name);
  const binding = bind<HTMLTextAreaElement>({ required });
  return (
    <Field label={label} hint={hint} error={binding.error} required={required}>
      {(control) => (
        <textarea
          {...props}
          {...control}
          className={cx('gs-control', 'gs-form-textarea', className)}
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

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A fieldset of checkboxes bound to a string[] in the surrounding <Formik> form. */
export function FormCheckboxGroup({
  name,
  legend,
  options,
}: FormBinding & {
  legend: string;
  options: ChoiceOption[];
}) {
  const [, meta] = useField<string[]>(name);
  const { submitCount } = useFormikContext();
  const error =
    (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : null;
  const errorId = `${name}-group-error`;
  return (
    <fieldset
      className="gs-form-group"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="gs-form-group__legend">{legend}</legend>
      <div className="gs-form-group__choices">
        {options.map((option) => (
          <FormCheckbox key={option.value} name={name} value={option.value} label={option.label} />
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="gs-form-group__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
