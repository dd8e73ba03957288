import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

// The TypeBox builders the contract's schemas are made of, requests and answers alike. Only
// typebox is imported here: shared-api reads the contract type-only, with the browser's
// tsconfig (decision 072). http/schema.ts re-exports the request builders beside the ones only
// routes use (PageQuery, IdParam, Patch, ...) and the one 422 formatter (decision 069).

/** PostgreSQL int4: ids, counts and money in cents never exceed it. */
export const MAX_INT4 = 2_147_483_647;
/** A `varchar(255)`-sized string: names, emails, titles. */
export const MAX_STRING = 255;

/** NUL cannot be stored in PostgreSQL text: a string holding one is "not a string". */
export const NO_NUL = '^[^\\u0000]*$';

/**
 * A schema's own message for its `pattern` or `enum` (the formatter reads it; Ajv knows the
 * keyword). `:attribute` stands for the field's label, as in Laravel ('The :attribute field
 * must be 10 digits.' reads 'The phone field must be 10 digits.').
 */
export const MESSAGE = 'x-message';

/** The value or null (`nullable`, which Ajv and fast-json-stringify both read). */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}

export interface StringOptions {
  max?: number;
  /** at least this many characters (code points) */
  min?: number;
  /** Also match this (checked after the length), else answer `message` for the field. */
  pattern?: { regex: string; message: string };
}

/** A string without NUL, at most `max` characters. */
export function Str({ max, min, pattern }: StringOptions = {}) {
  return Type.String({
    pattern: NO_NUL,
    ...(max !== undefined ? { maxLength: max } : {}),
    ...(min !== undefined ? { minLength: min } : {}),
    ...(pattern ? { allOf: [{ pattern: pattern.regex, [MESSAGE]: pattern.message }] } : {}),
  });
}

export interface IntegerOptions {
  min?: number;
  max?: number;
}

/** An integer; query strings' "12" arrives as 12 (blank is missing, "1.5" or "1e3" are not). */
export function Int({ min, max }: IntegerOptions = {}) {
  return Type.Integer({
    ...(min !== undefined ? { minimum: min } : {}),
    ...(max !== undefined ? { maximum: max } : {}),
  });
}

/** A row id in a body or query: a positive int4. */
export const Id = () => Int({ min: 1, max: MAX_INT4 });
/** Money in cents: a non-negative int4. */
export const Cents = () => Int({ min: 0, max: MAX_INT4 });

/** An IANA zone name as sent; whether the runtime knows it is auth/user-fields.ts's rule. */
export const TimezoneName = () => Str({ max: 64 });

/** true/false, 1/0, "1"/"0", "true"/"false". */
export const Bool = () => Type.Boolean();

/** One of a fixed set of values ('The selected x is invalid.', or the `message` given). */
export function OneOf<const T extends readonly (string | number | boolean)[]>(
  values: T,
  message?: string,
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ enum: [...values], ...(message ? { [MESSAGE]: message } : {}) });
}

/**
 * One of a fixed set of strings in an answer: typed `string` so that fast-json-stringify writes
 * it as one (a union of literals would make it try each branch with Ajv).
 */
export function StringEnum<const T extends readonly string[]>(values: T): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

/**
 * A request body as a client may send it: a field sent as null reads as not sent
 * (http/schema.ts normalises it away before Ajv), so every optional field also takes null.
 */
export type Sendable<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };

/** Marks a WebUrl(): Ajv checks the value with the one link rule (link-rules.ts isWebUrl). */
export const WEB_URL = 'x-web-url';

/**
 * A link the API stores (an upsell's url, a booking's scheduling link): an http(s) URL with a
 * host and no spaces or credentials, by link-rules.ts `isWebUrl` (the browser's forms use the
 * same rule), at most `max` characters. Anything else (javascript:, data:, a bare domain, a
 * value with spaces around it) answers 'This is not a valid URL'; in a Patch, '' is required.
 */
export function WebUrl({ max = MAX_STRING }: { max?: number } = {}) {
  return Type.String({ pattern: NO_NUL, maxLength: max, [WEB_URL]: true });
}
