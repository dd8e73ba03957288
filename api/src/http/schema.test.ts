import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseQueryString } from '../app';
import { HttpError, type FieldErrors } from './errors';
import {
  AnyValue,
  Bool,
  bodyRules,
  Email,
  Filled,
  Id,
  IdList,
  IdParam,
  List,
  Nullable,
  OneOf,
  Patch,
  ROUTE_SCHEMA_AJV,
  Str,
  registerRouteSchemas,
  schemaFailure,
} from './schema';

// Parity of the route schemas (decision 069) with the hand-written readers they replaced: the
// same input answers the same status and body, field by field, message by message.
// schema.parity.json holds what the readers (http/validation.ts, now deleted) answered to each
// input below, recorded by running both side by side before the readers went.

const Fields = Type.Object({
  name: Str({ max: 5 }),
  email: Type.Optional(Email()),
  age: Type.Optional(Id()),
  kind: Type.Optional(OneOf(['a', 'b'])),
  flag: Type.Optional(Bool()),
  code: Type.Optional(
    Str({
      max: 8,
      pattern: { regex: '^\\s*\\d+\\s*$', message: 'The code field must be digits.' },
    }),
  ),
  filter: Type.Optional(
    Type.Object(
      { title: Type.Optional(Str({ max: 5 })), min_age: Type.Optional(Id()) },
      { additionalProperties: false },
    ),
  ),
});

type Answer = [number, unknown];
const RECORDED = JSON.parse(
  readFileSync(new URL('./schema.parity.json', import.meta.url), 'utf8'),
) as Record<string, Answer>;

function recorded(key: string): Answer {
  const answer = RECORDED[key];
  assert.ok(answer, `no recorded answer for ${key}`);
  return answer;
}

const Account = Patch(
  {
    first_name: Type.Optional(Filled({ max: 5 })),
    title: Type.Optional(Nullable(Str({ max: 5 }))),
    flag: Type.Optional(Bool()),
    password: Type.Optional(Str({ min: 3, max: 9 })),
    current: Type.Optional(Str({ max: 9 })),
  },
  { dependencies: { password: ['current'] } },
);

const Signup = Type.Object({ name: Filled({ max: 5 }), email: Email() });
const TAKEN = new Set(['taken@b.co']);
/** A database-like rule on one field and a rule that reads a refused field from request.body. */
const signupRules = bodyRules(Signup, (body, request) => {
  const errors: FieldErrors = {};
  if (body.email !== undefined && TAKEN.has(body.email.trim())) {
    errors.email = ['The email has already been taken.'];
  }
  const sent = request.body as { name?: unknown };
  if (typeof sent.name === 'string' && sent.name.startsWith('x')) {
    (errors.name ??= []).push('The name field must not start with x.');
  }
  return errors;
});

const Links = Type.Object({
  first: Type.Optional(Str({ max: 3 })),
  links: Type.Optional(AnyValue()),
  last: Type.Optional(Str({ max: 3 })),
});
/** A rule that reads a whole field (AnyValue) and reports its parts as links.0, links.1, ... */
const linkRules = bodyRules(Links, (body) => {
  const errors: FieldErrors = {};
  if (body.links === null) errors.links = ['The links field was sent as null.'];
  else if (body.links === '') errors.links = ['The links field was sent blank.'];
  else if (Array.isArray(body.links)) {
    body.links.forEach((link, index) => {
      if (link !== 'ok') errors[`links.${index}`] = ['This is not a valid URL'];
    });
  }
  return errors;
});

let app: FastifyInstance;
before(async () => {
  app = Fastify({
    ajv: ROUTE_SCHEMA_AJV,
    routerOptions: { querystringParser: parseQueryString },
  });
  app.setErrorHandler(async (caught, request, reply) => {
    const error = (await schemaFailure(caught, request)) ?? caught;
    if (error instanceof HttpError) {
      const body = 'errors' in error ? { message: error.message, errors: error.errors } : {};
      return reply.code(error.statusCode).send({ message: error.message, ...body });
    }
    return reply.code(500).send({ message: String(error) });
  });
  await app.register(async (plugin) => {
    registerRouteSchemas(plugin);
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();
    api.post('/new', { schema: { body: Fields } }, async ({ body }) => ({
      name: body.name,
      email: body.email,
      age: body.age,
      kind: body.kind,
      flag: body.flag,
      code: body.code?.trim(),
      filter: body.filter && Object.keys(body.filter).length > 0 ? body.filter : undefined,
    }));
    api.get('/new', { schema: { querystring: Fields } }, async ({ query }) => ({
      name: query.name,
      email: query.email,
      age: query.age,
      kind: query.kind,
      flag: query.flag,
      code: query.code?.trim(),
    }));
    api.get(
      '/new/:id',
      { schema: { params: Type.Object({ id: IdParam() }) } },
      async (request) => ({ id: Number(request.params.id) }),
    );
    api.get(
      '/list',
      {
        schema: {
          querystring: Type.Object({
            filter: Type.Optional(
              Type.Object(
                {
                  status: Type.Optional(List(OneOf(['open', 'done']))),
                  ids: Type.Optional(IdList()),
                },
                { additionalProperties: false },
              ),
            ),
          }),
        },
      },
      async ({ query }) => ({ filter: query.filter ?? null }),
    );
    api.put('/patch', { schema: { body: Account } }, async ({ body }) => ({ body }));
    api.post(
      '/links',
      { schema: { body: Links }, config: { rules: linkRules } },
      async ({ body }) => ({ links: body.links ?? 'not sent' }),
    );
    api.post(
      '/rules',
      { schema: { body: Signup }, config: { rules: signupRules } },
      async ({ body }) => ({ name: body.name }),
    );
  });
  await app.ready();
});
after(() => app.close());

async function answer(method: 'GET' | 'POST' | 'PUT', options: object): Promise<Answer> {
  const response = await app.inject({ method, ...options } as never);
  return [response.statusCode, response.json()];
}

const BODIES: unknown[] = [
  {},
  [],
  'text',
  null,
  { name: '' },
  { name: null },
  { name: 'abcdef' },
  { name: 'a\u0000' },
  { name: 'abcdef\u0000' },
  { name: 5 },
  { name: ['a'] },
  { name: ' ok ' },
  { name: 'ok', email: 'x' },
  { name: 'ok', email: ' a@b.co ' },
  { name: 'ok', email: '' },
  { name: 'ok', email: `${'a'.repeat(260)}` },
  { name: 'ok', email: `${'a'.repeat(250)}@b.co` },
  { name: 'ok', email: 'a\u0000@b.co' },
  { name: 'ok', age: '12' },
  { name: 'ok', age: ' 12 ' },
  { name: 'ok', age: 12 },
  { name: 'ok', age: '1e3' },
  { name: 'ok', age: '0x10' },
  { name: 'ok', age: 1.5 },
  { name: 'ok', age: '1.0' },
  { name: 'ok', age: 0 },
  { name: 'ok', age: -3 },
  { name: 'ok', age: 2_147_483_648 },
  { name: 'ok', age: 1e20 },
  { name: 'ok', age: '99999999999999999999' },
  { name: 'ok', age: true },
  { name: 'ok', age: null },
  { name: 'ok', kind: 'c' },
  { name: 'ok', kind: 'a' },
  { name: 'ok', kind: 5 },
  { name: 'ok', flag: 'yes' },
  { name: 'ok', flag: 'true' },
  { name: 'ok', flag: '0' },
  { name: 'ok', flag: 0 },
  { name: 'ok', flag: 2 },
  { name: 'ok', flag: false },
  { email: 'x', age: 'x', kind: 'x', flag: 'x' },
  { name: 'toolong', email: 'x', age: 0, kind: 'c', flag: 3, other: 'ignored' },
  { name: 'ok', code: ' 123 ' },
  { name: 'ok', code: '12a' },
  { name: 'ok', code: '123456789x' },
  { name: 'ok', code: '1\u0000' },
  { name: 'ok', code: '' },
  { code: 'x', age: 'x' },
  { name: 'ok', filter: { title: 'abc' } },
  { name: 'ok', filter: { title: '', min_age: '' } },
  { name: 'ok', filter: { min_age: '7' } },
  { name: 'ok', filter: { title: 'abcdef', min_age: 0 } },
  { name: 'ok', filter: { other: 'x', title: 'abcdef' } },
  { name: 'ok', filter: { other: 'x', more: '' } },
  { name: 'ok', filter: ['x'] },
  { name: 'ok', filter: 'x' },
  { name: 'ok', filter: '' },
  { name: 'ok', filter: null },
  { name: 'x'.repeat(9), filter: { nope: 1 }, code: 'z' },
];

describe('route schemas answer as the old readers did', () => {
  it('for JSON bodies', async () => {
    for (const body of BODIES) {
      const now = await answer('POST', {
        url: '/new',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      assert.deepEqual(now, recorded(`POST ${JSON.stringify(body)}`), JSON.stringify(body));
    }
  });

  it('for query strings', async () => {
    const queries = [
      '',
      '?name=',
      '?name=abcdef',
      '?name=a&name=b',
      '?name=ok&age=12',
      '?name=ok&age=%2012',
      '?name=ok&age=1e3',
      '?name=ok&age=0',
      '?name=ok&age=ten',
      '?name=ok&age=',
      '?name=ok&kind=b',
      '?name=ok&kind=z',
      '?name=ok&flag=1',
      '?name=ok&flag=maybe',
      '?name=ok&email=nope&age=-1',
      '?name=a%00',
    ];
    for (const query of queries) {
      const now = await answer('GET', { url: `/new${query}` });
      assert.deepEqual(now, recorded(`GET ${query}`), query);
    }
  });

  it('for ids in the path (anything but a positive int4 is 404)', async () => {
    const ids = ['1', '12', '0012', '0', '000', '2147483647', '2147483648', '9999999999'];
    for (const id of [...ids, '12345678901', '1e3', '12.0', '-1', '%2012', 'abc', '0x10']) {
      const now = await answer('GET', { url: `/new/${id}` });
      assert.deepEqual(now, recorded(`ID ${id}`), id);
    }
  });
});

describe('lists, patches and rules (decision 069)', () => {
  const list = (query: string) => answer('GET', { url: `/list${query}` });

  it('reads a list from commas or a qs array, trimmed, blanks dropped, and a blank list as none', async () => {
    assert.deepEqual(await list('?filter[status]=open, done'), [
      200,
      { filter: { status: ['open', 'done'] } },
    ]);
    assert.deepEqual(await list('?filter[status][]=done&filter[status][]=open'), [
      200,
      { filter: { status: ['done', 'open'] } },
    ]);
    assert.deepEqual(await list('?filter[status]=,%20,'), [200, { filter: {} }]);
    assert.deepEqual(await list('?filter[ids]=1,0012'), [200, { filter: { ids: ['1', '0012'] } }]);
  });

  it('reports a bad part, too many parts or a non-text list on the list field', async () => {
    const invalid = (field: string, text: string) => [
      422,
      { message: text, errors: { [field]: [text] } },
    ];
    assert.deepEqual(
      await list('?filter[status]=open,closed'),
      invalid('filter.status', 'The selected filter.status is invalid.'),
    );
    assert.deepEqual(
      await list('?filter[ids]=1,0,x'),
      invalid('filter.ids', 'The filter.ids field must be a list of ids.'),
    );
    assert.deepEqual(
      await list(`?filter[ids]=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`),
      invalid('filter.ids', 'The filter.ids field must not have more than 50 items.'),
    );
    assert.deepEqual(
      await list('?filter[status][a]=open'),
      invalid('filter.status', 'The filter.status field must be a string.'),
    );
  });

  it('in a Patch, a sent blank is given: required, not a flag, or cleared', async () => {
    const put = (body: object) =>
      answer('PUT', {
        url: '/patch',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    assert.deepEqual(await put({ title: null, flag: '1' }), [
      200,
      { body: { title: null, flag: true } },
    ]);
    assert.deepEqual(await put({}), [200, { body: {} }]);
    const [status, body] = await put({ first_name: '', flag: null, password: 'ab' });
    assert.equal(status, 422);
    assert.deepEqual((body as { errors: unknown }).errors, {
      first_name: ['The first name field is required.'],
      flag: ['The flag field must be true or false.'],
      password: ['The password field must be at least 3 characters.'],
      current: ['The current field is required.'],
    });
    const [, nulls] = await put({ first_name: null, password: null, current: 'x' });
    assert.deepEqual((nulls as { errors: unknown }).errors, {
      first_name: ['The first name field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('runs the rules before the handler, and beside the schema errors on what it accepted', async () => {
    const post = (body: object) =>
      answer('POST', {
        url: '/rules',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    assert.deepEqual(await post({ name: 'ann', email: 'a@b.co' }), [200, { name: 'ann' }]);
    assert.deepEqual(await post({ name: 'ann', email: ' taken@b.co ' }), [
      422,
      {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      },
    ]);
    // the name fails its schema: the email rule still speaks, and the name rule adds its message
    assert.deepEqual(await post({ name: 'xxxxxxx', email: 'taken@b.co' }), [
      422,
      {
        message: 'The name field must not be greater than 5 characters.',
        errors: {
          name: [
            'The name field must not be greater than 5 characters.',
            'The name field must not start with x.',
          ],
          email: ['The email has already been taken.'],
        },
      },
    ]);
    // a field the schema refused is not handed to the rules
    assert.deepEqual(await post({ name: 'ann', email: 'taken' }), [
      422,
      {
        message: 'The email field must be a valid email address.',
        errors: { email: ['The email field must be a valid email address.'] },
      },
    ]);
  });

  it('hands an AnyValue field to the rules as sent, and lists its parts where the field is', async () => {
    const post = (body: object) =>
      answer('POST', {
        url: '/links',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    assert.deepEqual(await post({ links: ['ok'] }), [200, { links: ['ok'] }]);
    assert.deepEqual(await post({}), [200, { links: 'not sent' }]);
    assert.deepEqual((await post({ links: null }))[1], {
      message: 'The links field was sent as null.',
      errors: { links: ['The links field was sent as null.'] },
    });
    assert.deepEqual((await post({ links: '' }))[1], {
      message: 'The links field was sent blank.',
      errors: { links: ['The links field was sent blank.'] },
    });
    const [status, body] = await post({ last: 'long', links: ['bad', 'ok', 'bad'], first: 'long' });
    assert.equal(status, 422);
    const { errors } = body as { errors: FieldErrors };
    assert.deepEqual(Object.keys(errors), ['first', 'links.0', 'links.2', 'last']);
  });
});
