import type { ComponentProps, ReactNode } from 'react';
import { Field } from '../field/field';
import { cx } from '../lib/cx';
import './text-field.css';

export type TextFieldSize = 'sm' | 'md' | 'lg';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  size?: TextFieldSize;
  /** Decorative icon inside the input, on the left (e.g. a magnifier on a search box). */
  leadingIcon?: ReactNode;
  /** Class for the wrapper (label + input + messages); `className` goes to the input. */
  containerClassName?: string;
};

export function TextField({
  id,
  label,
  hint,
  error,
  hideLabel,
  size = 'md',
  leadingIcon,
  containerClassName,
  className,
  type = 'text',
  required,
  disabled,
  'aria-describedby': describedBy,
  ...props
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      required={required || props['aria-required'] === true || props['aria-required'] === 'true'}
      disabled={disabled}
      describedBy={describedBy}
      className={containerClassName}
    >
      {(control) => (
        <div className="gs-text-field" data-has-icon={leadingIcon ? true : undefined}>
          {leadingIcon ? (
            <span className="gs-text-field__icon" aria-hidden="true">
              {leadingIcon}
            </span>
          ) : null}
          <input
            type={type}
            required={required}
            disabled={disabled}
            {...props}
            {...control}
            className={cx('gs-control', className)}
            data-size={size}
          />
        </div>
      )}
    </Field>
  );
}
