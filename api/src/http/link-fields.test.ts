import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifySchema, type RouteOptions } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { startTestApp, type TestContext } from '../test/harness';
import { HttpError } from './errors';
import {
  INVALID_URL,
  linkRuleOf,
  Nullable,
  Patch,
  registerRouteSchemas,
  ROUTE_SCHEMA_AJV,
  routesOf,
  schemaFailure,
  WebUrl,
} from './schema';

// Every link the API stores goes through the one link rule, link-rules.ts (issue 28; the
// browser's forms use it too): a body field whose name says it holds a link (url, link,
// website, href) must be a WebUrl() — checked here by sending it javascript: and data: links
// through its route's own schema — or LinkGroup(), read whole by the route's rules (those check
// each link with isWebUrl/socialLink; their script links are tested in guests/write.test.ts and
// shows/write.test.ts).

const LINK_NAME = /url|link|website|href/i;
const SCRIPT_LINKS = ['javascript:alert(1)', 'data:text/html,x'];

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

interface BodyField {
  route: RouteOptions;
  /** the field's path in the body; 0 stands for an array's item */
  path: (string | 0)[];
  schema: JsonSchema;
}

const routeName = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;
/** As the 422 names it: `type_urls`, `params.events_calendar`, `links.0.url`. */
const fieldName = (field: BodyField) => field.path.join('.');
const describeField = (field: BodyField) => `${routeName(field.route)} ${fieldName(field)}`;

/** Every property of every route's body schema, nested objects and array items included. */
function bodyFields(routes: readonly RouteOptions[]): BodyField[] {
  const fields: BodyField[] = [];
  const walk = (route: RouteOptions, node: JsonSchema | undefined, path: (string | 0)[]) => {
    if (!node) return;
    for (const [key, schema] of Object.entries(node.properties ?? {})) {
      fields.push({ route, path: [...path, key], schema });
      walk(route, schema, [...path, key]);
    }
    if (node.items) walk(route, node.items, [...path, 0]);
  };
  for (const route of routes) {
    if ([route.method].flat()[0] === 'HEAD') continue;
    walk(route, (route.schema as FastifySchema | undefined)?.body as JsonSchema | undefined, []);
  }
  return fields;
}

/** A body holding `value` at `path` (and nothing else). */
function bodyWith(path: (string | 0)[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => (key === 0 ? [inner] : { [key]: inner }), value);
}

/** A bare app with the API's Ajv options, normaliser and formatter: what a route's schema says. */
async function schemaProbe(routes: [string, unknown][]): Promise<FastifyInstance> {
  const probe = Fastify({ ajv: ROUTE_SCHEMA_AJV });
  probe.setErrorHandler(async (caught, request, reply) => {
    const error = (await schemaFailure(caught, request)) ?? caught;
    if (error instanceof HttpError) {
      const errors = 'errors' in error ? error.errors : {};
      return reply.code(error.statusCode).send({ message: error.message, errors });
    }
    return reply.code(500).send({ message: String(error) });
  });
  await probe.register(async (plugin) => {
    registerRouteSchemas(plugin);
    const api = plugin.withTypeProvider<TypeBoxTypeProvider>();
    for (const [url, body] of routes) {
      api.post(url, { schema: { body: body as TSchema } }, async (request) => request.body);
    }
  });
  await probe.ready();
  return probe;
}

const errorsOf = (response: { json(): unknown }) =>
  (response.json() as { errors?: Record<string, string[]> }).errors ?? {};

let ctx: TestContext;
let fields: BodyField[];
before(async () => {
  ctx = await startTestApp();
  fields = bodyFields(routesOf(ctx.app));
});
after(() => ctx.close());

describe('stored links use the link rule (issue 28)', () => {
  it('every body field named as a link is a WebUrl() or LinkGroup()', () => {
    assert.ok(fields.length > 100, `only ${fields.length} body fields seen`);
    const unruled = fields
      .filter((field) => LINK_NAME.test(String(field.path.at(-1))))
      // A yes/no about a link (a message's contains_schedule_link) stores no link.
      .filter((field) => field.schema.type !== 'boolean')
      .filter((field) => linkRuleOf(field.schema) === null)
      .map(describeField);
    assert.deepEqual(
      unruled,
      [],
      'these fields hold links but skip link-rules.ts: declare them WebUrl() (http/schema.ts), ' +
        'or LinkGroup() read by the route’s rules with isWebUrl/socialLink',
    );
  });

  it('a LinkGroup() field is read by its route’s rules', () => {
    const unread = fields
      .filter((field) => linkRuleOf(field.schema) === 'rules')
      .filter((field) => typeof field.route.config?.rules !== 'function')
      .map(describeField);
    assert.deepEqual(unread, []);
  });

  it('every WebUrl() field answers 422 naming it for javascript: and data: links', async () => {
    const links = fields.filter((field) => linkRuleOf(field.schema) === 'url');
    // the upsell packages' url is one of them (else this walk would prove nothing)
    assert.ok(
      links.some(
        (field) => describeField(field) === 'POST /api/v1/guests/:guest/upsell-packages url',
      ),
      `WebUrl() fields seen: ${links.map(describeField).join(', ')}`,
    );
    const probe = await schemaProbe(
      links.map((field, index) => [`/probe/${index}`, field.route.schema?.body]),
    );
    try {
      const problems: string[] = [];
      for (const [index, field] of links.entries()) {
        const send = (value: string) =>
          probe.inject({
            method: 'POST',
            url: `/probe/${index}`,
            payload: bodyWith(field.path, value) as Record<string, unknown>,
          });
        for (const link of SCRIPT_LINKS) {
          const response = await send(link);
          const errors = errorsOf(response)[fieldName(field)];
          if (response.statusCode !== 422 || errors?.[0] !== INVALID_URL) {
            problems.push(`${describeField(field)} took ${link}: ${response.statusCode}`);
          }
        }
        const good = await send('https://example.com/a?b=c');
        if (errorsOf(good)[fieldName(field)] !== undefined) {
          problems.push(`${describeField(field)} refused an https link: ${good.body}`);
        }
      }
      assert.deepEqual(problems, []);
    } finally {
      await probe.close();
    }
  });
});

describe('WebUrl()', () => {
  let probe: FastifyInstance;
  before(async () => {
    probe = await schemaProbe([
      ['/link', Type.Object({ link: WebUrl({ max: 40 }), note: Type.Optional(WebUrl()) })],
      ['/change', Patch({ link: Type.Optional(WebUrl()), old: Type.Optional(Nullable(WebUrl())) })],
    ]);
  });
  after(() => probe.close());
  const post = (url: string, payload: Record<string, unknown>) =>
    probe.inject({ method: 'POST', url, payload });

  it('takes an http(s) link as sent', async () => {
    const response = await post('/link', { link: 'HTTPS://Example.com/a?b=c#d', note: '' });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { link: 'HTTPS://Example.com/a?b=c#d' });
  });

  it('answers the spec’s message for any other link, after required, type and length', async () => {
    const cases: [unknown, string][] = [
      ['javascript:alert(1)', INVALID_URL],
      ['data:text/html,x', INVALID_URL],
      ['vbscript:msgbox(1)', INVALID_URL],
      ['example.com', INVALID_URL],
      ['https://example.com/a b', INVALID_URL],
      [' https://example.com', INVALID_URL],
      ['https://user:pw@example.com', INVALID_URL],
      ['https://x\u0000.com', 'The link field must be a string.'],
      [42, 'The link field must be a string.'],
      [
        `https://example.com/${'a'.repeat(30)}`,
        'The link field must not be greater than 40 characters.',
      ],
      ['javascript:' + 'a'.repeat(40), 'The link field must not be greater than 40 characters.'],
      ['', 'The link field is required.'],
      [null, 'The link field is required.'],
    ];
    for (const [link, message] of cases) {
      const response = await post('/link', { link });
      assert.equal(response.statusCode, 422, JSON.stringify(link));
      assert.deepEqual(errorsOf(response), { link: [message] }, JSON.stringify(link));
    }
  });

  it('in a Patch: a blank link is required, a Nullable one is cleared by null', async () => {
    const blank = await post('/change', { link: '' });
    assert.deepEqual(errorsOf(blank), { link: ['The link field is required.'] });
    const cleared = await post('/change', { old: null });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(cleared.json(), { old: null });
    const script = await post('/change', { old: 'javascript:alert(1)' });
    assert.deepEqual(errorsOf(script), { old: [INVALID_URL] });
  });
});
