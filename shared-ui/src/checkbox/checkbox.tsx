import { useState, type ComponentProps, type ReactNode } from 'react';
import { Field } from '../field/field';
import { IconCheck } from '../icons/icons';
import { cx } from '../lib/cx';
import './checkbox.css';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  containerClassName?: string;
};

export function Checkbox({
  id,
  label,
  hint,
  error,
  containerClassName,
  className,
  checked,
  defaultChecked,
  onChange,
  required,
  disabled,
  'aria-describedby': describedBy,
  ...props
}: CheckboxProps) {
  // Mirrors the DOM for data-state when the checkbox is uncontrolled.
  const [uncontrolledChecked, setUncontrolledChecked] = useState(defaultChecked ?? false);
  const isChecked = checked ?? uncontrolledChecked;

  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      layout="inline"
      required={required || props['aria-required'] === true || props['aria-required'] === 'true'}
      disabled={disabled}
      describedBy={describedBy}
      className={containerClassName}
    >
      {(control) => (
        <span className="gs-checkbox" data-state={isChecked ? 'checked' : 'unchecked'}>
          <input
            type="checkbox"
            required={required}
            disabled={disabled}
            checked={checked}
            defaultChecked={defaultChecked}
            onChange={(event) => {
              setUncontrolledChecked(event.currentTarget.checked);
              onChange?.(event);
            }}
            {...props}
            {...control}
            className={cx('gs-checkbox__input', className)}
          />
          <IconCheck className="gs-checkbox__check" strokeWidth={3} />
        </span>
      )}
    </Field>
  );
}
