import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { setIn, useField, useFormikContext, type FormikErrors, type FormikHelpers } from 'formik';
import { applyFormErrors } from '@guestspot/shared-api';
import { Field, FormCheckbox, useFormField } from '@guestspot/shared-ui';
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
          className="gs-control gs-profile-form__textarea"
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

/** A fieldset of checkboxes bound to a string[] field (categories, show types). */
export function CheckboxGroup({
  name,
  legend,
  options,
}: {
  name: string;
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
      className="gs-profile-form__group"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="gs-profile-form__legend">{legend}</legend>
      <div className="gs-profile-form__choices">
        {options.map((option) => (
          <FormCheckbox key={option.value} name={name} value={option.value} label={option.label} />
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="gs-profile-form__group-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
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
