import type { ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from '../text-field/text-field';
import { caretAfterDigits, formatPhone } from './format-phone';

export type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'>;

/**
 * A TextField with the `(###) ###-####` mask applied as the user types or pastes. The value (and
 * what onChange sees in `event.target.value`) is the masked string.
 */
export function PhoneField({
  onChange,
  placeholder = '(555) 123-4567',
  autoComplete = 'tel-national',
  ...props
}: PhoneFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    const formatted = formatPhone(raw);
    if (formatted !== raw) {
      const caret = input.selectionStart ?? raw.length;
      const digitsBeforeCaret = raw.slice(0, caret).replace(/\D/g, '').length;
      input.value = formatted;
      if (input.ownerDocument.activeElement === input) {
        const position = caretAfterDigits(formatted, digitsBeforeCaret);
        input.setSelectionRange(position, position);
      }
    }
    onChange?.(event);
  };

  return (
    <TextField
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
      onChange={handleChange}
    />
  );
}
