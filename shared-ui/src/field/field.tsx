import { useId, type ReactNode } from 'react';
import { IconAlertCircle } from '../icons/icons';
import { cx } from '../lib/cx';
import './field.css';

/** What a field hands its control: spread these onto the input/select/textarea. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FieldLayout = 'stacked' | 'inline';

export type FieldProps = {
  /** Id of the control; generated when omitted. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control with role="alert"; also marks the control aria-invalid. */
  error?: ReactNode;
  /** Visual marker only: the control carries `required` / `aria-required` itself. */
  required?: boolean;
  disabled?: boolean;
  /** Keep the label for screen readers but hide it visually (e.g. a search box). */
  hideLabel?: boolean;
  /** `stacked`: label above the control; `inline`: control then label (checkboxes). */
  layout?: FieldLayout;
  /** Ids the caller wants in aria-describedby besides the hint and error. */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The one place that wires a form control to its label, hint and error. TextField, PhoneField,
 * Select and Checkbox are all built on it; build any new field on it too.
 */
export function Field({
  id: idProp,
  label,
  hint,
  error,
  required = false,
  disabled = false,
  hideLabel = false,
  layout = 'stacked',
  describedBy,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = hasError ? `${id}-error` : undefined;
  const ariaDescribedBy = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  const control = children({
    id,
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': ariaDescribedBy,
  });

  const labelElement = (
    <label htmlFor={id} className={cx('gs-field__label', hideLabel && 'visually-hidden')}>
      {label}
      {required ? (
        <span className="gs-field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );

  const hintElement = hint ? (
    <p id={hintId} className="gs-field__hint">
      {hint}
    </p>
  ) : null;

  return (
    <div
      className={cx('gs-field', className)}
      data-layout={layout}
      data-state={hasError ? 'invalid' : 'valid'}
      data-disabled={disabled || undefined}
    >
      {layout === 'inline' ? (
        <div className="gs-field__row">
          {control}
          <div className="gs-field__text">
            {labelElement}
            {hintElement}
          </div>
        </div>
      ) : (
        <>
          {labelElement}
          {control}
          {hintElement}
        </>
      )}
      {hasError ? (
        <p id={errorId} role="alert" className="gs-field__error">
          <IconAlertCircle className="gs-field__error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
