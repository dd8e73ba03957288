import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifySchema, RouteOptions } from 'fastify';
import { startTestApp, type TestContext } from '../test/harness';
import { routesOf } from './schema';

// Decision 069: every route declares what it reads (path params, query, body) as a schema.
// A route "reads" its params when its URL has any, its body when it is a POST/PUT/PATCH or its
// handler mentions `request.body`, its query when its handler mentions `request.query` or
// `pageOf(`. Helpers that take `request` can hide a read: declare the schema anyway.
// Every route was converted in issue 12 (http/validation.ts is gone): a new route without the
// schemas for what it reads fails here.

type Part = 'params' | 'querystring' | 'body';

function reads(route: RouteOptions): Part[] {
  const source = String(route.handler);
  const methods = [route.method].flat();
  const parts: Part[] = [];
  if (route.url.includes(':')) parts.push('params');
  if (/\brequest\.query\b|pageOf\(/.test(source)) parts.push('querystring');
  if (
    methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m)) ||
    /\brequest\.body\b/.test(source)
  ) {
    parts.push('body');
  }
  return parts;
}

function missing(route: RouteOptions): Part[] {
  const schema = (route.schema ?? {}) as FastifySchema;
  return reads(route).filter((part) => schema[part] === undefined);
}

const key = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('route schemas (decision 069)', () => {
  it('every route that reads params, query or body declares a schema for it', () => {
    const routes = routesOf(ctx.app).filter((route) => [route.method].flat()[0] !== 'HEAD');
    assert.ok(routes.length > 100, `only ${routes.length} routes seen`);
    const problems = routes
      .filter((route) => missing(route).length > 0)
      .map((route) => `${key(route)}: no schema for ${missing(route).join(', ')}`);
    assert.deepEqual(problems, []);
  });
});
