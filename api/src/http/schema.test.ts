import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, notFound } from './errors';
import {
  Bool,
  Email,
  Id,
  IdParam,
  OneOf,
  ROUTE_SCHEMA_AJV,
  Str,
  registerRouteSchemas,
  schemaFailure,
} from './schema';
import { Validator, parseId } from './validation';

// Parity of the route schemas (decision 069) with the hand-written readers they replace: the
// same input answers the same status and body through both, field by field, message by message.

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

function readOld(input: unknown) {
  const v = new Validator(input);
  const out = {
    name: v.string('name', { required: true, max: 5 }),
    email: v.string('email', { email: true, max: 255 }),
    age: v.integer('age', { min: 1, max: 2_147_483_647 }),
    kind: v.oneOf('kind', ['a', 'b']),
    flag: v.boolean('flag'),
    code: v.string('code', { max: 8 })?.trim(),
    filter: undefined as { title?: string; min_age?: number } | undefined,
  };
  if (out.code !== undefined && !/^\d+$/.test(out.code)) {
    v.fail('code', 'The code field must be digits.');
  }
  const filter = v.object('filter', ['title', 'min_age']);
  const title = filter.string('title', { max: 5 });
  const minAge = filter.integer('min_age', { min: 1, max: 2_147_483_647 });
  if (title !== undefined || minAge !== undefined) {
    out.filter = {
      ...(title !== undefined ? { title } : {}),
      ...(minAge !== undefined ? { min_age: minAge } : {}),
    };
  }
  v.throwIfInvalid();
  return out;
}

let app: FastifyInstance;
before(async () => {
  app = Fastify({ ajv: ROUTE_SCHEMA_AJV });
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
    api.post('/old', async (request) => readOld(request.body));
    api.get('/old', async (request) => readOld(request.query));
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
    api.get<{ Params: { id: string } }>('/old/:id', async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      return { id };
    });
    api.get(
      '/new/:id',
      { schema: { params: Type.Object({ id: IdParam() }) } },
      async (request) => ({ id: Number(request.params.id) }),
    );
  });
  await app.ready();
});
after(() => app.close());

async function both(method: 'GET' | 'POST', build: (path: string) => object) {
  const old = await app.inject({ method, ...build('/old') } as never);
  const now = await app.inject({ method, ...build('/new') } as never);
  return { old: [old.statusCode, old.json()], now: [now.statusCode, now.json()] };
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
      const { old, now } = await both('POST', (url) => ({
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }));
      assert.deepEqual(now, old, JSON.stringify(body));
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
      const { old, now } = await both('GET', (url) => ({ url: `${url}${query}` }));
      assert.deepEqual(now, old, query);
    }
  });

  it('for ids in the path (anything but a positive int4 is 404)', async () => {
    const ids = ['1', '12', '0012', '0', '000', '2147483647', '2147483648', '9999999999'];
    for (const id of [...ids, '12345678901', '1e3', '12.0', '-1', '%2012', 'abc', '0x10']) {
      const old = await app.inject({ method: 'GET', url: `/old/${id}` });
      const now = await app.inject({ method: 'GET', url: `/new/${id}` });
      assert.deepEqual([now.statusCode, now.json()], [old.statusCode, old.json()], id);
    }
  });
});
