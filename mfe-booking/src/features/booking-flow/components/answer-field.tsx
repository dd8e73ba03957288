import { useId } from 'react';

/** A question and the booker's written answer, with its error wired for screen readers. */
export function AnswerField({
  question,
  value,
  error,
  required = false,
  onChange,
}: {
  question: string;
  value: string;
  error?: string;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="gs-booking-flow__field">
      <label htmlFor={id} className="gs-booking-flow__label">
        {question}
      </label>
      <textarea
        id={id}
        className="gs-control gs-booking-flow__textarea"
        rows={3}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="gs-booking-flow__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
