import type { ValidationBody } from './types';

/** Every failed call surfaces as one ApiError: its status, the server's message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  readonly data: unknown;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string[]> = {},
    data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.data = data;
  }

  /** The request never got an answer (server down, offline). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }
}

/**
 * The spec's generic failure texts, the one table (issue 12 §4). Quoted exactly: the spec spells
 * them differently on different screens, so each spelling is its own entry, named after it, and a
 * screen uses the one its row of the spec gives.
 */
export const errorMessages = {
  /** Most toasts: password save, remove member, notification toggle, pause/resume, delete. */
  errorSomethingWentWrong: 'Error! Something went wrong.',
  /** The login confirmation got no answer; a message's flag fails (booking-management… §8). */
  sorryAnErrorOcured: 'Sorry. An error ocured.',
  /** A booking's scheduling link fails to send (booking-management… §8). */
  errorDotSomethingWentWrong: 'Error. Something went wrong.',
  /** The wishlist's email lookup and its other failures. */
  somethingWentWrong: 'Something went wrong.',
  /** No full stop: save card, waitlist, mailing list, favourite, connect; the error state title. */
  somethingWentWrongNoStop: 'Something went wrong',
  /** The talent inquiry and availability request dialogs. */
  tryAgainInAFewMinutes: 'Something went wrong. Try again in a few minutes.',
  /** Setting the default payment method fails. */
  tryAgainLater: 'There was an error. Try again later.',
  /** Not a spec text: the confirm dialog's fallback when the action failed without a message. */
  pleaseTryAgain: 'Something went wrong. Please try again.',
  /** Not a spec text: the request never got an answer. */
  serverUnreachable: 'The server could not be reached.',
} as const;

/** The default when a screen's spec row names no text of its own. */
export const GENERIC_ERROR_MESSAGE = errorMessages.errorSomethingWentWrong;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as Partial<ValidationBody>;
  const message =
    typeof parsed.message === 'string' && parsed.message !== ''
      ? parsed.message
      : status === 0
        ? errorMessages.serverUnreachable
        : GENERIC_ERROR_MESSAGE;
  const fieldErrors: Record<string, string[]> = {};
  if (parsed.errors && typeof parsed.errors === 'object') {
    for (const [field, messages] of Object.entries(parsed.errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.map(String);
    }
  }
  return new ApiError(status, message, fieldErrors, body);
}

/** What a Formik form needs from its helpers to show server errors. */
export interface FormErrorTarget {
  setErrors: (errors: Record<string, string>) => void;
  setStatus?: (status: unknown) => void;
}

/**
 * The one mapping from a failed call onto a Formik form: each field gets its first server
 * message, the form status gets the overall message. Returns that message for a toast.
 */
export function applyFormErrors(error: unknown, form: FormErrorTarget): string {
  const apiError = isApiError(error) ? error : new ApiError(0, GENERIC_ERROR_MESSAGE);
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(apiError.fieldErrors)) {
    if (messages[0]) errors[field] = messages[0];
  }
  form.setErrors(errors);
  form.setStatus?.({ error: apiError.message });
  return apiError.message;
}

/**
 * The spec's recurring rule "server message, else {fallback}": the message the server sent, or
 * the screen's own fallback when it sent none (network failure, empty body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.data === 'object' && error.data !== null) {
    const message = (error.data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
