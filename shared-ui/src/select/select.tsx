import type { ComponentProps, ReactNode } from 'react';
import { Field } from '../field/field';
import { IconChevronDown } from '../icons/icons';
import { cx } from '../lib/cx';
import type { TextFieldSize } from '../text-field/text-field';
import './select.css';

export type SelectOption = {
  value: string;
  label: string;
  disabled?: boolean;
};

export type SelectProps = Omit<ComponentProps<'select'>, 'size' | 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** An empty first option (value ""), e.g. 'Choose a category'. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  size?: TextFieldSize;
  containerClassName?: string;
};

/** A native <select>: the platform picker is the most accessible one on every device. */
export function Select({
  id,
  label,
  options,
  placeholder,
  hint,
  error,
  hideLabel,
  size = 'md',
  containerClassName,
  className,
  required,
  disabled,
  'aria-describedby': describedBy,
  ...props
}: SelectProps) {
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
        <div className="gs-select">
          <select
            required={required}
            disabled={disabled}
            {...props}
            {...control}
            className={cx('gs-control', 'gs-select__control', className)}
            data-size={size}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <IconChevronDown className="gs-select__chevron" />
        </div>
      )}
    </Field>
  );
}
