import { PHONE_PATTERN, caretAfterDigits, formatPhone } from './format-phone';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
  ])('formats %j as %j while typing', (digits, formatted) => {
    expect(formatPhone(digits)).toBe(formatted);
  });

  it('ignores anything but digits', () => {
    expect(formatPhone('555-123.4567')).toBe('(555) 123-4567');
    expect(formatPhone('(555) 123-45')).toBe('(555) 123-45');
    expect(formatPhone('abc')).toBe('');
  });

  it('stops at ten digits', () => {
    expect(formatPhone('55512345678')).toBe('(555) 123-4567');
  });

  it('drops a leading US country code from a pasted number', () => {
    expect(formatPhone('+1 555 123 4567')).toBe('(555) 123-4567');
  });

  it('gives values the validation pattern accepts only when complete', () => {
    expect(PHONE_PATTERN.test(formatPhone('5551234567'))).toBe(true);
    expect(PHONE_PATTERN.test(formatPhone('555123456'))).toBe(false);
  });
});

describe('caretAfterDigits', () => {
  it('finds the position after the n-th digit', () => {
    expect(caretAfterDigits('(555) 123-4567', 3)).toBe(4);
    expect(caretAfterDigits('(555) 123-4567', 4)).toBe(7);
    expect(caretAfterDigits('(555) 123-4567', 10)).toBe(14);
    expect(caretAfterDigits('(555', 0)).toBe(1);
  });
});
