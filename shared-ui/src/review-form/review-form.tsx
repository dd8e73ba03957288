import { useId } from 'react';
import { Form, Formik, useField, useFormikContext, type FormikHelpers } from 'formik';
import { number, object, string } from 'yup';
import { applyFormErrors, type REVIEW_COMMENT_MAX } from '@guestspot/shared-api';
import { Alert, Button, messages } from '@guestspot/shared-ui';
import { FormTextArea } from '../forms';
import './review-form.css';

// A review of the other side of a booking (booking-management… §5 "Review": comment required,
// at most 300 characters with a counter; 1 to 5 stars, default 5). Used by the booking page's
// review tab (mfe-booking) and the create-review pages (mfe-marketplace), decision 114.

/** The contract's REVIEW_COMMENT_MAX (its value lives with the server's schemas; the type pins it). */
export const REVIEW_COMMENT_MAX_LENGTH: typeof REVIEW_COMMENT_MAX = 300;
export const REVIEW_DEFAULT_STARS = 5;
const STARS = [1, 2, 3, 4, 5] as const;

export interface ReviewValues {
  number: number;
  comment: string;
}

const schema = object({
  number: number()
    .required(messages.required('Rating'))
    .integer()
    .min(1, messages.required('Rating'))
    .max(5),
  comment: string()
    .trim()
    .required(messages.required('Comment'))
    .max(REVIEW_COMMENT_MAX_LENGTH, messages.maxLength('comment', REVIEW_COMMENT_MAX_LENGTH)),
});

export interface ReviewFormProps {
  /** who is reviewed, for the legend ('Your rating of Maya Brooks') */
  subject: string;
  /** the review being edited; none: a new one (5 stars, no comment) */
  initial?: ReviewValues | null;
  /** sends the review; a rejection is shown on the form (422 on its fields), which stays */
  onSubmit: (values: ReviewValues) => Promise<void>;
  /** shown as a Cancel button when given (editing an existing review) */
  onCancel?: () => void;
}

/**
 * The review form: a 1-5 star radio group and the comment with its counter. While saving the
 * fields and buttons are disabled; a failed save re-enables them (spec §8) and shows the
 * server's message, its field errors under their fields.
 */
export function ReviewForm({ subject, initial = null, onSubmit, onCancel }: ReviewFormProps) {
  const submit = async (values: ReviewValues, helpers: FormikHelpers<ReviewValues>) => {
    helpers.setStatus(undefined);
    try {
      await onSubmit({ number: values.number, comment: values.comment.trim() });
    } catch (error) {
      applyFormErrors(error, helpers);
    }
  };
  return (
    <Formik<ReviewValues>
      initialValues={initial ?? { number: REVIEW_DEFAULT_STARS, comment: '' }}
      validationSchema={schema}
      onSubmit={submit}
    >
      {({ isSubmitting, values, status }) => (
        <Form className="gs-review-form" noValidate aria-label={`Review of ${subject}`}>
          <StarRatingField name="number" legend={`Your rating of ${subject}`} />
          <FormTextArea
            name="comment"
            label="Comment"
            required
            rows={4}
            maxLength={REVIEW_COMMENT_MAX_LENGTH}
            disabled={isSubmitting}
            hint={`${values.comment.length}/${REVIEW_COMMENT_MAX_LENGTH} characters`}
          />
          {typeof status === 'object' && status !== null && 'error' in status ? (
            <Alert tone="danger">{String(status.error)}</Alert>
          ) : null}
          <div className="gs-review-form__actions">
            {onCancel ? (
              <Button type="button" variant="ghost" disabled={isSubmitting} onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : initial ? 'Save review' : 'Submit review'}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/**
 * Five stars as a radio group (arrow keys move between them, as any radio group): each star is
 * labelled '3 stars' for screen readers, and the stars up to the chosen one are filled.
 */
export function StarRatingField({ name, legend }: { name: string; legend: string }) {
  const [field, meta, helpers] = useField<number>(name);
  const { isSubmitting, submitCount } = useFormikContext();
  const groupName = useId();
  const errorId = useId();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : null;
  return (
    <fieldset
      className="gs-star-rating"
      disabled={isSubmitting}
      aria-describedby={error ? errorId : undefined}
      data-state={error ? 'invalid' : 'valid'}
    >
      <legend className="gs-star-rating__legend">{legend}</legend>
      <div className="gs-star-rating__stars">
        {STARS.map((star) => (
          <label
            key={star}
            className="gs-star-rating__star"
            data-state={field.value >= star ? 'on' : 'off'}
          >
            <input
              type="radio"
              className="gs-star-rating__input"
              name={groupName}
              value={star}
              checked={field.value === star}
              onChange={() => void helpers.setValue(star)}
              onBlur={() => void helpers.setTouched(true)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{star === 1 ? '1 star' : `${star} stars`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="gs-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Stars shown read-only, announced as 'Rated 4 out of 5'. */
export function StarRatingDisplay({ value }: { value: number }) {
  return (
    <span className="gs-star-rating__display" role="img" aria-label={`Rated ${value} out of 5`}>
      {STARS.map((star) => (
        <span key={star} aria-hidden="true" data-state={value >= star ? 'on' : 'off'}>
          ★
        </span>
      ))}
    </span>
  );
}
