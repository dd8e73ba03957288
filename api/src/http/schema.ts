import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifySchemaValidationError,
  RouteOptions,
} from 'fastify';
import { Type, type TObjectOptions, type Static, type TProperties, type TSchema } from 'typebox';
import {
  Int,
  MAX_INT4,
  MAX_STRING,
  MESSAGE,
  NO_NUL,
  Str,
  WEB_URL,
  type IntegerOptions,
  type StringOptions,
} from '../contract/builders';
import { isWebUrl } from '../link-rules';
import { HttpError, ValidationError, notFound, type FieldErrors } from './errors';

// Route schemas (decision 069): every route declares what it reads as TypeBox (JSON Schema),
// Fastify's Ajv checks it, and schemaFailure() turns Ajv's errors into the 422 body the old
// hand-written readers produced ({message, errors: {field: [...]}}, Laravel's messages).
// The shared limits below and in contract/builders.ts (the builders request and answer schemas
// share, re-exported here) are the only place their numbers live.

export {
  Bool,
  Cents,
  Id,
  Int,
  MAX_INT4,
  MAX_STRING,
  Nullable,
  OneOf,
  Str,
  WebUrl,
  type IntegerOptions,
  type StringOptions,
} from '../contract/builders';

/** `page` is at most this (deeper pages are nonsense, and offset stays an int). */
export const MAX_PAGE = 1_000_000;
/** `limit` is clamped into 1..MAX_PER_PAGE (never an error). */
export const MAX_PER_PAGE = 100;

/** The old reader's email rule (on the trimmed value): something@something.tld. */
const EMAIL = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$';

/** Marks a List(): a comma-separated string (or qs array) read as an array before Ajv. */
const LIST = 'x-list';
/** Marks a Patch(): a key sent as null or '' is given (blank), not left out. */
const PATCH = 'x-patch';
/** Marks an AnyValue(): a sent null or '' reaches the route as sent, not left out. */
const AS_SENT = 'x-as-sent';
/** Marks LinkGroup(): links read whole by the route's rules, each with link-rules.ts. */
const LINK_GROUP = 'x-link-group';

/** An email address (the handler trims it), at most 255 characters. */
export function Email() {
  return Type.String({ pattern: NO_NUL, maxLength: MAX_STRING, allOf: [{ pattern: EMAIL }] });
}

/** `?page=` (1..1,000,000, default 1) and `?limit=` (any integer, clamped by pageOf). */
export const PageQuery = {
  page: Type.Optional(Int({ min: 1, max: MAX_PAGE })),
  limit: Type.Optional(Int()),
};

/**
 * A whole number in a body (money in cents, a position) taken only as JSON sends it: "100" is
 * 422 'must be an integer.' (decision 069's amendment). Int() and Cents() read "100" as 100 (the
 * normaliser keeps the old form readers' reading of text); a `number` is never read from text,
 * and the route's rule refuses a fraction with wholeErrors().
 */
export function Whole({ min = 0, max = MAX_INT4 }: IntegerOptions = {}) {
  return Type.Number({ minimum: min, maximum: max });
}

/** A Whole() field sent as a fraction: the message Ajv gives its text; nothing otherwise. */
export function wholeErrors(field: string, value: unknown): FieldErrors {
  return typeof value === 'number' && !Number.isInteger(value)
    ? { [field]: [`The ${label(field)} field must be an integer.`] }
    : {};
}

/** The body of a write that reads none (the walker test asks every write to say what it reads). */
export const NoBody = Type.Object({});

/**
 * The body of an update that changes only the fields it sends. Unlike other bodies, a field
 * sent as null or '' is given: a string that must be filled answers 'The x field is
 * required.', a flag 'must be true or false', and a Nullable field is cleared.
 */
export function Patch<T extends TProperties>(properties: T, options: TObjectOptions = {}) {
  return Type.Object(properties, { ...options, [PATCH]: true });
}

/**
 * Any value, read whole by the route's own rules (config.rules), for a field whose every
 * failure has a message of its own (a list of links, of weekday rules). A sent null or ''
 * reaches the rules as sent (a reader may tell "not sent" from "sent empty").
 */
export const AnyValue = () => Type.Unsafe<unknown>({ [AS_SENT]: true });

/** What a stored link that breaks the link rule answers (the spec's shared message). */
export const INVALID_URL = 'This is not a valid URL';

/**
 * Links read whole by the route's own rules (config.rules): a list of URLs, a link per social
 * network, a link per show type, each checked with link-rules.ts (`isWebUrl`, `socialLink`).
 * An AnyValue() that says it holds links, so the walker test (link-fields.test.ts) knows.
 */
export const LinkGroup = () => Type.Unsafe<unknown>({ [AS_SENT]: true, [LINK_GROUP]: true });

/**
 * How a body field's schema applies the link rule: 'url' (WebUrl(), checked by Ajv), 'rules'
 * (LinkGroup(), checked by the route's rules) or null (not at all). For the walker test.
 */
export function linkRuleOf(schema: unknown): 'url' | 'rules' | null {
  if (!isRecord(schema)) return null;
  if (schema[WEB_URL] === true) return 'url';
  return schema[LINK_GROUP] === true ? 'rules' : null;
}

/** A string that holds more than white space (a blank one is "required", as the readers had it). */
export function Filled(options: StringOptions = {}) {
  return Str({
    ...options,
    pattern: options.pattern ?? { regex: '\\S', message: 'The :attribute field is required.' },
  });
}

/**
 * A list given as `a,b,c` or as a qs array (`x[]=a&x[]=b`): the parts are trimmed, blanks are
 * dropped, and a list with nothing left is not given at all. Each part must match `item`
 * (a string schema); an error in any part is reported on the list's field.
 */
export function List<T extends TSchema>(item: T, { max = 50 }: { max?: number } = {}) {
  return Type.Array(item, { maxItems: max, [LIST]: true });
}

/** A comma-separated list of row ids, as strings of digits ('The x field must be a list of ids.'). */
export const IdList = () =>
  List(
    Type.String({
      pattern: `^${ID_DIGITS}$`,
      [MESSAGE]: 'The :attribute field must be a list of ids.',
    }),
  );

/** 1..2147483647 as decimal digits, leading zeros allowed (a regular expression's source). */
export const ID_DIGITS =
  '0*(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|' +
  '2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|' +
  '21474836[0-3][0-9]|214748364[0-7])';

/**
 * A positive int4 id in a URL path, as its digits (leading zeros allowed, at most 10 digits).
 * Anything else answers 404: the row cannot exist. Read it with Number().
 */
export const IdParam = () => Type.String({ maxLength: 10, pattern: `^${ID_DIGITS}$` });

const ID_TEXT = new RegExp(`^${ID_DIGITS}$`);

/**
 * The id in a path segment read before its route's schema runs (a preValidation check that
 * must answer 401/403 first), or null when it is no id (answer 404, as IdParam would).
 */
export function idOf(text: string): number | null {
  return text.length <= 10 && ID_TEXT.test(text) ? Number(text) : null;
}

/** An upload's uuid in a URL path (any case); anything else is 404. */
export const UuidParam = () =>
  Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  });

// ---------------------------------------------------------------------------------------------
// Before Ajv: the old readers' notion of input, kept (no coercion by Ajv itself).

type JsonSchema = {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  [key: string]: unknown;
};
type Input = Record<string, unknown>;

function isRecord(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const INT = /^-?\d+$/;

/** A List's value as an array of trimmed, non-blank parts; undefined when none is left. */
function splitList(value: unknown): unknown {
  const raw = Array.isArray(value) ? value : [value];
  const scalar = (item: unknown) =>
    (typeof item === 'string' && !item.includes('\u0000')) || typeof item === 'number';
  // not a list of text: Ajv answers "must be a string." (an object is no array)
  if (!raw.every(scalar)) return Array.isArray(value) ? {} : value;
  const parts = raw
    .flatMap((item) => String(item).split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length === 0 ? undefined : parts;
}

function coerce(value: unknown, schema: JsonSchema): unknown {
  if (schema[LIST] === true) return splitList(value);
  if (schema.type === 'integer') {
    if (typeof value === 'string' && INT.test(value.trim())) {
      const parsed = Number(value.trim());
      return Number.isSafeInteger(parsed) ? parsed : value;
    }
    // 1e20 is an integer to Ajv but was not to the reader ("must be an integer").
    if (typeof value === 'number' && !Number.isSafeInteger(value)) return String(value);
    return value;
  }
  if (schema.type === 'boolean') {
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    return value;
  }
  if (schema.type === 'object' && isRecord(value)) normaliseObject(value, schema);
  return value;
}

/** null and '' are "not given" (as the old readers had it); numbers and booleans from text. */
function normaliseObject(input: Input, schema: JsonSchema): void {
  const properties = schema.properties ?? {};
  const patch = schema[PATCH] === true;
  for (const [key, property] of Object.entries(properties)) {
    if (!Object.hasOwn(input, key)) continue;
    const value = input[key];
    const asSent = patch || property[AS_SENT] === true;
    if (asSent && (value === null || value === '')) continue;
    const coerced = value === null || value === '' ? undefined : coerce(value, property);
    if (coerced === undefined) delete input[key];
    else input[key] = coerced;
  }
}

/**
 * Fastify's Ajv options (app.ts): every field's error, not just the first (the old readers
 * reported every field; bodies are bounded by bodyLimit and every string by a maxLength); no
 * type coercion by Ajv (normaliseObject does exactly the old readers' coercions, where Ajv's
 * would also take "1e3" or " 0x10"); no silent removal of unknown keys (a filter object with
 * additionalProperties: false answers 422, as before).
 */
export const ROUTE_SCHEMA_AJV = {
  customOptions: {
    allErrors: true,
    coerceTypes: false,
    removeAdditional: false,
    // errors carry their schema, so a pattern's own message can be found
    verbose: true,
    keywords: [
      MESSAGE,
      AS_SENT,
      LIST,
      PATCH,
      LINK_GROUP,
      // WebUrl(): the link rule, on strings only (a number is "must be a string." by `type`)
      {
        keyword: WEB_URL,
        type: 'string' as const,
        schemaType: 'boolean' as const,
        errors: false,
        validate: (on: boolean, value: string) => !on || isWebUrl(value),
      },
    ],
  },
};

const READS = ['body', 'querystring'] as const;

/**
 * Called once on the API's plugin before any route: every route with a body or query schema
 * gets its input normalised before Ajv sees it (a body that is not an object reads as {}).
 * Also remembers the routes for the walker test (route-schemas.test.ts).
 */
export function registerRouteSchemas(api: FastifyInstance): void {
  const seen: RouteOptions[] = [];
  registeredRoutes.set(api.server, seen);
  api.addHook('onRoute', (route) => {
    seen.push(route);
    registrations.set(route, registration());
    const schema = route.schema as FastifySchema | undefined;
    const rules = route.config?.rules;
    if (rules) {
      const check = async (request: FastifyRequest) => {
        const errors = await rules(isRecord(request.body) ? request.body : {}, request);
        if (Object.keys(errors).length > 0) {
          throw ordered(errors, fieldOrder(schema?.body as JsonSchema | undefined));
        }
      };
      const handlers = route.preHandler;
      route.preHandler = [
        check,
        ...(handlers === undefined ? [] : Array.isArray(handlers) ? handlers : [handlers]),
      ];
    }
    if (!schema) return;
    const targets = READS.filter((part) => schema[part] !== undefined);
    if (targets.length === 0) return;
    const normalise = async (request: FastifyRequest) => {
      for (const part of targets) {
        const partSchema = schema[part] as JsonSchema;
        const key = part === 'body' ? 'body' : 'query';
        const value = (request as unknown as Input)[key];
        const input = isRecord(value) ? value : {};
        normaliseObject(input, partSchema);
        (request as unknown as Input)[key] = input;
      }
    };
    const existing = route.preValidation;
    route.preValidation = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      normalise,
    ];
  });
}

const registeredRoutes = new WeakMap<object, RouteOptions[]>();
/** Where each route was registered: a stack, captured cheaply, read only when asked. */
const registrations = new WeakMap<RouteOptions, Error>();

/** Every route registered after registerRouteSchemas() on this app's server (for tests). */
export function routesOf(app: FastifyInstance): readonly RouteOptions[] {
  return registeredRoutes.get(app.server) ?? [];
}

/** The call stack of a route's registration (V8 formats it only when `.stack` is read). */
function registration(): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const trace = new Error('route registered');
  Error.stackTraceLimit = limit;
  return trace;
}

/**
 * The source file that registered `route` (its `app.get(...)` call), relative to `api/src/`:
 * the first frame of the registration outside this file and node_modules. For the route table
 * (docs/api.md, decision 109); null when it cannot be told.
 */
export function routeFileOf(route: RouteOptions): string | null {
  const stack = registrations.get(route)?.stack ?? '';
  const source = `${path.sep}api${path.sep}src${path.sep}`;
  for (const line of stack.split('\n').slice(1)) {
    const location = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/.exec(line.trim())?.[1];
    if (!location) continue;
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    const at = file.lastIndexOf(source);
    if (at < 0 || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const relative = file
      .slice(at + source.length)
      .split(path.sep)
      .join('/');
    if (relative !== 'http/schema.ts') return relative;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// After Ajv: one formatter.

/** 'remember_me' -> 'remember me' */
function label(field: string): string {
  return field.replace(/_/g, ' ');
}

/** The field an error is about: its path, cut at a List (a part's error is the list's). */
function fieldOf(error: FastifySchemaValidationError, root: JsonSchema | undefined): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (REQUIRED.has(error.keyword) && typeof missing === 'string') path.push(missing);
  let node = root;
  for (let depth = 0; depth < path.length; depth += 1) {
    if (node?.[LIST] === true) return path.slice(0, depth).join('.');
    const next: JsonSchema | undefined = node?.properties?.[path[depth]!];
    node = next ?? (node?.items as JsonSchema | undefined);
  }
  return path.join('.');
}

function ownMessage(error: FastifySchemaValidationError, attribute: string): string | undefined {
  const schema = (error as { parentSchema?: Record<string, unknown> }).parentSchema;
  const message = schema?.[MESSAGE];
  return typeof message === 'string' ? message.replace(/:attribute/g, attribute) : undefined;
}

interface Message {
  rank: number;
  text: string;
}

/** `required`, and `dependencies` (a field that another one sent makes necessary). */
const REQUIRED = new Set(['required', 'dependencies']);
/** What a string field can fail on that a blank value fails too. */
const STRING_RULES = new Set(['pattern', 'minLength', 'enum', WEB_URL]);

function messageFor(error: FastifySchemaValidationError, field: string): Message | null {
  const a = label(field);
  const params = error.params as Record<string, unknown>;
  // A Patch's blank string (or null where text is expected) is a required field left empty.
  const data = (error as { data?: unknown }).data;
  if (
    (data === '' && STRING_RULES.has(error.keyword)) ||
    (data === null && error.keyword === 'type' && params.type === 'string')
  ) {
    return { rank: 0, text: `The ${a} field is required.` };
  }
  switch (error.keyword) {
    case 'required':
    case 'dependencies':
      return { rank: 0, text: `The ${a} field is required.` };
    case 'type': {
      const type = params.type;
      if (type === 'integer' || type === 'number') {
        return { rank: 1, text: `The ${a} field must be an integer.` };
      }
      if (type === 'boolean') return { rank: 1, text: `The ${a} field must be true or false.` };
      if (type === 'object') return { rank: 1, text: `The ${a} field must be an object.` };
      if (type === 'array') {
        // a List whose value is not text (an object, a part that is no string)
        return { rank: 1, text: `The ${a} field must be a string.` };
      }
      return { rank: 1, text: `The ${a} field must be a string.` };
    }
    case 'pattern':
      if (params.pattern === NO_NUL) return { rank: 1, text: `The ${a} field must be a string.` };
      if (params.pattern === EMAIL) {
        return { rank: 3, text: `The ${a} field must be a valid email address.` };
      }
      return { rank: 3, text: ownMessage(error, a) ?? `The ${a} field format is invalid.` };
    case 'maxLength':
      return {
        rank: 2,
        text: `The ${a} field must not be greater than ${String(params.limit)} characters.`,
      };
    case 'minLength':
      return {
        rank: 2,
        text: `The ${a} field must be at least ${String(params.limit)} characters.`,
      };
    case 'minimum':
      return { rank: 2, text: `The ${a} field must be at least ${String(params.limit)}.` };
    case 'maximum':
      return { rank: 2, text: `The ${a} field must not be greater than ${String(params.limit)}.` };
    case 'enum':
      return { rank: 3, text: ownMessage(error, a) ?? `The selected ${a} is invalid.` };
    case WEB_URL:
      return { rank: 3, text: INVALID_URL };
    case 'maxItems':
      return {
        rank: 2,
        text: `The ${a} field must not have more than ${String(params.limit)} items.`,
      };
    case 'allOf':
    case 'anyOf':
    case 'if':
      return null; // the sub-schema's own error says it
    default:
      return { rank: 4, text: `The ${a} field is invalid.` };
  }
}

/** Fields in the order the schema lists them (the order the old readers reported them in). */
function fieldOrder(schema: JsonSchema | undefined): (field: string) => number {
  const order = new Map<string, number>();
  const walk = (node: JsonSchema | undefined, prefix: string) => {
    for (const [key, child] of Object.entries(node?.properties ?? {})) {
      const field = prefix ? `${prefix}.${key}` : key;
      order.set(field, order.size);
      walk(child, field);
    }
  };
  walk(schema, '');
  // A rule's nested key ('links.0.url') goes with its field ('links').
  const place = (field: string): number => {
    const own = order.get(field);
    if (own !== undefined) return own;
    const parent = field.lastIndexOf('.');
    return parent < 0 ? order.size : place(field.slice(0, parent));
  };
  return place;
}

/** A 422 with the fields in the schema's order (a rule's own fields last). */
function ordered(errors: FieldErrors, order: (field: string) => number): ValidationError {
  const fields = Object.keys(errors).sort((a, b) => order(a) - order(b));
  return new ValidationError(Object.fromEntries(fields.map((field) => [field, errors[field]!])));
}

/**
 * Fastify's schema-validation error as the API's answer: a path parameter that fails its
 * schema is 404 (the row cannot exist); a body or query field, 422 with each field's first
 * message (an object's unknown keys each get theirs). A body that fails its schema still gets
 * its route's rules (config.rules) on the fields the schema accepted, so one answer names
 * every problem, as the hand-written readers did. Any other error: null.
 */
export async function schemaFailure(
  error: unknown,
  request: FastifyRequest,
): Promise<HttpError | null> {
  const failure = error as {
    validation?: FastifySchemaValidationError[];
    validationContext?: string;
  };
  if (!Array.isArray(failure.validation)) return null;
  if (failure.validationContext === 'params') return notFound();
  const context = failure.validationContext as keyof FastifySchema | undefined;
  const routeSchema = request.routeOptions.schema as FastifySchema | undefined;
  const root = context ? (routeSchema?.[context] as JsonSchema | undefined) : undefined;

  const best = new Map<string, Message>();
  const unknownKeys: Record<string, string[]> = {};
  for (const item of failure.validation) {
    const field = fieldOf(item, root);
    if (item.keyword === 'additionalProperties') {
      const key = String((item.params as { additionalProperty?: unknown }).additionalProperty);
      (unknownKeys[field] ??= []).push(`The ${label(field)}.${key} filter is not allowed.`);
      continue;
    }
    const message = messageFor(item, field);
    if (!message) continue;
    const current = best.get(field);
    if (!current || message.rank < current.rank) best.set(field, message);
  }

  const errors: FieldErrors = {};
  for (const field of new Set([...best.keys(), ...Object.keys(unknownKeys)])) {
    errors[field] = [
      ...(unknownKeys[field] ?? []),
      ...(best.has(field) ? [best.get(field)!.text] : []),
    ];
  }

  const rules = request.routeOptions.config.rules;
  if (rules && context === 'body' && isRecord(request.body)) {
    const failed = new Set(Object.keys(errors).map((field) => field.split('.')[0]!));
    const accepted = Object.fromEntries(
      Object.entries(request.body).filter(([key]) => !failed.has(key)),
    );
    // A rule that reads a failed field from request.body (it says so) adds to its messages.
    for (const [field, messages] of Object.entries(await rules(accepted, request))) {
      errors[field] = [...(errors[field] ?? []), ...messages];
    }
  }
  if (Object.keys(errors).length === 0) return new ValidationError({});
  return ordered(errors, fieldOrder(root));
}

/**
 * The rules of a route that its schema cannot say: fields that depend on each other or on the
 * database ('The email has already been taken.'). They return the failing fields' messages
 * (empty when all is well) and run before the handler when the schema passed, and on the
 * fields the schema accepted when it failed (`body`; a rule that must also see a field the
 * schema refused, as 'confirmation does not match' beside 'too short', reads request.body
 * and adds its message after the schema's). Declare them beside the body schema, typed by it:
 *   config: { rules: bodyRules(Register, async (body) => ...) }
 */
export type FieldRules = (
  body: Record<string, unknown>,
  request: FastifyRequest,
) => Promise<FieldErrors> | FieldErrors;

export function bodyRules<S extends TSchema>(
  _schema: S,
  rules: (body: Partial<Static<S>>, request: FastifyRequest) => Promise<FieldErrors> | FieldErrors,
): FieldRules {
  return (body, request) => rules(body as Partial<Static<S>>, request);
}

/**
 * A raw query or body (as qs or the JSON parser gives it) the way a route with this schema sees
 * it before Ajv: lists split, integers and booleans read, blanks left out. For code that builds
 * a route's input outside a request (tests); it is NOT checked, so give it input the schema
 * accepts.
 */
export function normalisedInput<S extends TSchema>(schema: S, input: unknown): Static<S> {
  const copy = isRecord(input) ? structuredClone(input) : {};
  normaliseObject(copy, schema as unknown as JsonSchema);
  return copy as Static<S>;
}
