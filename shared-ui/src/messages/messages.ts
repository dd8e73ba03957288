/**
 * The spec's shared validation messages: the one table forms take their texts from
 * (e.g. in a Yup schema: `string().required(messages.required('Email address'))`).
 */
export const messages = {
  required: (field: string) => `${field} is required`,
  confirmed: () => 'The Password and Password confirmation fields do not match',
  minLength: (field: string, length: number) =>
    `The ${field} field must have at least ${length} characters`,
  maxLength: (field: string, length: number) => `The ${field} cannot exceed ${length} characters`,
  minValue: (field: string, min: number | string) => `Min ${field} is ${min}`,
  maxValue: (field: string, max: number | string) => `${field} cannot be more than (${max})`,
  maxPrice: (field: string, max: number | string) =>
    `${field} cannot be more than your highest booking option ($${max})`,
  /** The spec's "standard email format" rule has no text of its own (decision 010). */
  email: () => 'Please enter a valid email address',
  url: () => 'This is not a valid URL',
  podcast: () => 'This is not a valid podcast URL',
  video: () => 'This is not a valid video URL',
  hasDomain: (value: string) => `This is not a valid ${value} URL`,
  /** Not in the spec's table: the API's own wording for a number that is not one. */
  number: (field: string) => `The ${field} field must be a number.`,
} as const;

export type MessageKey = keyof typeof messages;
