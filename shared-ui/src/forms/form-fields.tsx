import {
  Checkbox,
  formatPhone,
  PhoneField,
  Select,
  TextField,
  type CheckboxProps,
  type PhoneFieldProps,
  type SelectProps,
  type TextFieldProps,
} from '@guestspot/shared-ui';
import { useFormField } from './use-form-field';

// The Formik-bound fields. They live apart from the design system's root so that a page
// without a form never downloads Formik; they build on the root's components (decision 060).

/** Props every Formik-bound field takes instead of value/onChange/error. */
export type FormBinding = {
  /** Path of the value in the Formik form. */
  name: string;
};

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'error'> &
  FormBinding;

/** TextField bound to the surrounding <Formik> form by `name`. */
export function FormTextField({ name, required, onChange, onBlur, ...props }: FormTextFieldProps) {
  const { field, bind } = useFormField<string>(name);
  return (
    <TextField
      {...props}
      {...bind<HTMLInputElement>({ required, onChange, onBlur })}
      value={field.value ?? ''}
    />
  );
}

export type FormPhoneFieldProps = Omit<
  PhoneFieldProps,
  'name' | 'value' | 'defaultValue' | 'error'
> &
  FormBinding;

/** PhoneField bound to the surrounding <Formik> form; the form value is the masked string. */
export function FormPhoneField({
  name,
  required,
  onChange,
  onBlur,
  ...props
}: FormPhoneFieldProps) {
  const { field, bind } = useFormField<string>(name);
  return (
    <PhoneField
      {...props}
      {...bind<HTMLInputElement>({ required, onChange, onBlur })}
      value={formatPhone(field.value ?? '')}
    />
  );
}

export type FormCheckboxProps = Omit<
  CheckboxProps,
  'name' | 'checked' | 'defaultChecked' | 'error'
> &
  FormBinding;

/** Checkbox bound to a boolean (or, with `value`, an array) in the surrounding <Formik> form. */
export function FormCheckbox({
  name,
  value,
  required,
  onChange,
  onBlur,
  ...props
}: FormCheckboxProps) {
  const { field, bind } = useFormField<boolean | string[]>(name, {
    type: 'checkbox',
    value: value === undefined ? undefined : String(value),
  });
  return (
    <Checkbox
      {...props}
      {...bind<HTMLInputElement>({ required, onChange, onBlur })}
      value={value}
      checked={field.checked ?? false}
    />
  );
}

export type FormSelectProps = Omit<SelectProps, 'name' | 'value' | 'defaultValue' | 'error'> &
  FormBinding;

/** Select bound to the surrounding <Formik> form by `name`. */
export function FormSelect({ name, required, onChange, onBlur, ...props }: FormSelectProps) {
  const { field, bind } = useFormField<string>(name);
  return (
    <Select
      {...props}
      {...bind<HTMLSelectElement>({ required, onChange, onBlur })}
      value={field.value ?? ''}
    />
  );
}
