export type FieldErrors = Record<string, string[]>;

/** An expected failure with the status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422 with Laravel's body: the first message, and every field's messages. */
export class ValidationError extends HttpError {
  constructor(readonly errors: FieldErrors) {
    const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
    super(422, first);
    this.name = 'ValidationError';
  }

  static single(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** The JSON every refusal answers: `{ message }`, with `errors` for a 422. */
export function errorBody(error: HttpError): { message: string; errors?: FieldErrors } {
  return 'errors' in error
    ? { message: error.message, errors: error.errors as FieldErrors }
    : { message: error.message };
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = () => new HttpError(403, 'This action is unauthorized.');
export const notFound = () => new HttpError(404, 'Not found.');
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');
