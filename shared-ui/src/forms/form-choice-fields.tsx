import type { ComponentProps, ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import { findTimezoneOption, TIMEZONE_OPTIONS } from '@guestspot/shared-api/timezones';
import { cx, Field, type SelectOption } from '@guestspot/shared-ui';
import { FormCheckbox, FormSelect, type FormBinding, type FormSelectProps } from './form-fields';
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

/** A zone missing from the list (e.g. set at signup from the browser) reads as its IANA name. */
function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

function withCurrent(options: SelectOption[], current: string | undefined): SelectOption[] {
  return !current || options.some((option) => option.value === current)
    ? options
    : [{ value: current, label: zoneLabel(current) }, ...options];
}

/**
 * The account list (spec: about 90 labelled entries, the same list the API accepts for a user)
 * or every IANA zone the browser knows (availability settings accept any valid zone).
 */
export function timezoneOptions(zones: 'account' | 'any', current?: string): SelectOption[] {
  if (zones === 'account') {
    return withCurrent(
      TIMEZONE_OPTIONS.map((option) => ({ value: option.timezone, label: option.label })),
      current,
    );
  }
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return withCurrent(
    all.map((zone) => ({ value: zone, label: zoneLabel(zone) })),
    current,
  );
}

/** How a stored zone reads outside the picker: its label in the account list, else its name. */
export function timezoneLabel(zone: string): string {
  return findTimezoneOption(zone)?.label ?? zoneLabel(zone);
}

export type FormTimezoneSelectProps = Omit<FormSelectProps, 'options'> & {
  /** Which zones are offered: the account list (default) or any IANA zone. */
  zones?: 'account' | 'any';
};

/** The one timezone picker: a FormSelect of zones, the current value kept when not listed. */
export function FormTimezoneSelect({ zones = 'account', ...props }: FormTimezoneSelectProps) {
  const [field] = useField<string>(props.name);
  return <FormSelect {...props} options={timezoneOptions(zones, field.value)} />;
}
