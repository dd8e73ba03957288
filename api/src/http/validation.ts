import { ValidationError, type FieldErrors } from './errors';
import { MAX_INT4 } from './schema';

// Explicit input checks with Laravel's messages, so the browser maps them onto its forms.
// Every reader returns a typed value or records a message; throwIfInvalid() raises one 422.
// Being replaced by route schemas (http/schema.ts, decision 069): new code must not use it.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INT = /^-?\d+$/;

type Input = Record<string, unknown>;

function isRecord(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** 'remember_me' -> 'remember me', 'filter.guest_profiles.name' -> 'filter.guest profiles.name' */
function label(field: string): string {
  return field.replace(/_/g, ' ');
}

export interface StringRules {
  required?: boolean;
  email?: boolean;
  max?: number;
}

export interface IntegerRules {
  required?: boolean;
  min?: number;
  max?: number;
}

export class Validator {
  private readonly input: Input;

  constructor(
    input: unknown,
    private readonly prefix = '',
    private readonly errors: FieldErrors = {},
  ) {
    this.input = isRecord(input) ? input : {};
  }

  private key(field: string): string {
    return this.prefix ? `${this.prefix}.${field}` : field;
  }

  fail(field: string, message: string): void {
    const key = this.key(field);
    (this.errors[key] ??= []).push(message);
  }

  private failRule(field: string, template: (attribute: string) => string): undefined {
    this.fail(field, template(label(this.key(field))));
    return undefined;
  }

  has(field: string): boolean {
    return !isMissing(this.input[field]);
  }

  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfInvalid(): void {
    if (!this.valid) throw new ValidationError(this.errors);
  }

  string(field: string, rules: StringRules & { required: true }): string;
  string(field: string, rules?: StringRules): string | undefined;
  string(field: string, rules: StringRules = {}): string | undefined {
    const value = this.input[field];
    if (isMissing(value)) {
      if (rules.required) this.failRule(field, (a) => `The ${a} field is required.`);
      return undefined;
    }
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the query.
    if (typeof value !== 'string' || value.includes('\u0000')) {
      return this.failRule(field, (a) => `The ${a} field must be a string.`);
    }
    if (rules.max !== undefined && value.length > rules.max) {
      return this.failRule(
        field,
        (a) => `The ${a} field must not be greater than ${rules.max} characters.`,
      );
    }
    if (rules.email && !EMAIL.test(value.trim())) {
      return this.failRule(field, (a) => `The ${a} field must be a valid email address.`);
    }
    return value;
  }

  integer(field: string, rules: IntegerRules = {}): number | undefined {
    const value = this.input[field];
    if (isMissing(value)) {
      if (rules.required) this.failRule(field, (a) => `The ${a} field is required.`);
      return undefined;
    }
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !INT.test(text.trim())) {
      return this.failRule(field, (a) => `The ${a} field must be an integer.`);
    }
    const parsed = Number(text.trim());
    if (!Number.isSafeInteger(parsed)) {
      return this.failRule(field, (a) => `The ${a} field must be an integer.`);
    }
    if (rules.min !== undefined && parsed < rules.min) {
      return this.failRule(field, (a) => `The ${a} field must be at least ${rules.min}.`);
    }
    if (rules.max !== undefined && parsed > rules.max) {
      return this.failRule(field, (a) => `The ${a} field must not be greater than ${rules.max}.`);
    }
    return parsed;
  }

  boolean(field: string): boolean | undefined {
    const value = this.input[field];
    if (isMissing(value)) return undefined;
    if (value === true || value === 1 || value === '1' || value === 'true') return true;
    if (value === false || value === 0 || value === '0' || value === 'false') return false;
    return this.failRule(field, (a) => `The ${a} field must be true or false.`);
  }

  oneOf<T extends string>(field: string, allowed: readonly T[]): T | undefined {
    const value = this.input[field];
    if (isMissing(value)) return undefined;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) {
      return value as T;
    }
    return this.failRule(field, (a) => `The selected ${a} is invalid.`);
  }

  /** A comma-separated list (or qs array) of positive int4 ids. */
  idList(field: string): number[] | undefined {
    const parts = this.list(field);
    if (parts === undefined) return undefined;
    const ids = parts.map((part) => (INT.test(part) ? Number(part) : NaN));
    if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_INT4)) {
      return this.failRule(field, (a) => `The ${a} field must be a list of ids.`);
    }
    return ids;
  }

  /**
   * A comma-separated list (or qs array) of non-empty strings. Blank parts are dropped; a list
   * with nothing left (`x=,`) is treated as not given (undefined), never as an empty list.
   */
  list(field: string, maxItems = 50): string[] | undefined {
    const value = this.input[field];
    if (isMissing(value)) return undefined;
    const raw = Array.isArray(value) ? value : [value];
    const scalar = (item: unknown) =>
      (typeof item === 'string' && !item.includes('\u0000')) || typeof item === 'number';
    if (!raw.every(scalar)) {
      return this.failRule(field, (a) => `The ${a} field must be a string.`);
    }
    const parts = raw
      .flatMap((item) => String(item).split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.length === 0) return undefined;
    if (parts.length > maxItems) {
      return this.failRule(
        field,
        (a) => `The ${a} field must not have more than ${maxItems} items.`,
      );
    }
    return parts;
  }

  /**
   * A nested object such as `filter[...]` (qs parses it), read with its own validator that
   * reports errors as `filter.key`. Keys outside `allowed` are rejected.
   */
  object(field: string, allowed: readonly string[]): Validator {
    const value = this.input[field];
    const nested = new Validator(isRecord(value) ? value : {}, this.key(field), this.errors);
    if (isMissing(value)) return nested;
    if (!isRecord(value)) {
      this.failRule(field, (a) => `The ${a} field must be an object.`);
      return nested;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) {
        this.fail(field, `The ${label(this.key(field))}.${key} filter is not allowed.`);
      }
    }
    return nested;
  }
}

/** Ids in a URL path: a positive int4, else the row cannot exist. */
export function parseId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_INT4 ? id : null;
}
