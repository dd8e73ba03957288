import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FastifySchema, RouteOptions } from 'fastify';
import { startTestApp, type TestContext } from '../test/harness';
import { routesOf } from './schema';

// Decision 069: every route declares what it reads (path params, query, body) as a schema.
// A route "reads" its params when its URL has any, its body when it is a POST/PUT/PATCH or its
// handler mentions `request.body`, its query when its handler mentions `request.query`,
// `readPage(` or a `Validator(` (the old readers). Helpers that take `request` can hide a read:
// declare the schema anyway.
//
// NOT_YET_CONVERTED lists the routes still read by hand (http/validation.ts). THIS LIST MUST
// ONLY SHRINK: convert a route, delete its line (the test fails while a converted route is
// still listed, and when a new route arrives without schemas).
const NOT_YET_CONVERTED = new Set<string>([
  'GET /api/v1/admin/users',
  'GET /api/v1/admin/users/:id',
  'PUT /api/v1/admin/users/:id',
  'POST /api/v1/auth/complete-account',
  'POST /api/v1/auth/confirm-login',
  'POST /api/v1/auth/email/resend',
  'GET /api/v1/auth/email/verify/:id/:token',
  'POST /api/v1/auth/impersonate/:id',
  'GET /api/v1/auth/login/:provider',
  'GET /api/v1/auth/login/:provider/callback',
  'POST /api/v1/auth/password/email',
  'POST /api/v1/auth/password/reset',
  'POST /api/v1/auth/register',
  'POST /api/v1/auth/validate-token',
  'POST /api/v1/billing/local/setup-intents/:id/confirm',
  'GET /api/v1/bookings',
  'GET /api/v1/coupons/:code',
  'GET /api/v1/dev/outbox',
  'GET /api/v1/guests',
  'POST /api/v1/guests',
  'GET /api/v1/guests/:guest',
  'PUT /api/v1/guests/:guest',
  'GET /api/v1/guests/:guest/availability',
  'PUT /api/v1/guests/:guest/availability',
  'GET /api/v1/guests/:guest/links',
  'PUT /api/v1/guests/:guest/links',
  'POST /api/v1/guests/:id/guest-availability-request',
  'GET /api/v1/guests/connect-candidates',
  'POST /api/v1/guests/reject-connect-candidate',
  'GET /api/v1/integrations',
  'POST /api/v1/integrations',
  'DELETE /api/v1/integrations/:id',
  'GET /api/v1/integrations/:id',
  'PUT /api/v1/integrations/:id',
  'GET /api/v1/integrations/:id/check',
  'POST /api/v1/oauth/:provider/complete',
  'GET /api/v1/oauth/:provider/redirect',
  'GET /api/v1/oauth/local/:provider/authorize',
  'GET /api/v1/oauth/local/:provider/decide',
  'GET /api/v1/payouts/local/dashboard',
  'GET /api/v1/payouts/local/onboarding',
  'POST /api/v1/payouts/local/onboarding',
  'GET /api/v1/shows',
  'POST /api/v1/shows',
  'POST /api/v1/shows/:id/show-availability-request',
  'GET /api/v1/shows/:show',
  'PUT /api/v1/shows/:show',
  'GET /api/v1/shows/:show/links',
  'PUT /api/v1/shows/:show/links',
  'GET /api/v1/shows/connect-candidates',
  'POST /api/v1/shows/reject-connect-candidate',
  'GET /api/v1/team-invitations/:id',
  'POST /api/v1/team-invitations/:id/accept',
  'POST /api/v1/team-invitations/:id/decline',
  'POST /api/v1/uploads',
  'GET /api/v1/user/payment/intent',
  'POST /api/v1/user/payment/methods',
  'DELETE /api/v1/user/payment/methods/:id',
  'PUT /api/v1/user/payment/methods/:id',
  'POST /api/v1/user/payment/methods/:id/default',
  'POST /api/v1/user/stripe-account',
  'POST /api/v1/user/terms/approve',
  'PUT /api/v1/users/:id',
  'GET /api/v1/users/:userId/smartlist',
  'POST /api/v1/users/:userId/smartlist',
  'GET /api/v1/users/:userId/smartlist-groups',
  'POST /api/v1/users/:userId/smartlist-groups',
  'DELETE /api/v1/users/:userId/smartlist-groups/:groupId',
  'PUT /api/v1/users/:userId/smartlist-groups/:groupId',
  'DELETE /api/v1/users/:userId/smartlist/:itemId',
  'PUT /api/v1/users/:userId/smartlist/:itemId',
  'PATCH /api/v1/users/me/account/pause',
  'PATCH /api/v1/users/me/account/resume',
  'GET /api/v1/users/me/invoices/:id/download',
  'POST /api/v1/users/me/subscription',
  'DELETE /api/v1/users/me/team/invitations/:id',
  'POST /api/v1/users/me/team/members',
  'DELETE /api/v1/users/me/team/members/:id',
  'PATCH /api/v1/users/me/team/members/:id',
]);

type Part = 'params' | 'querystring' | 'body';

function reads(route: RouteOptions): Part[] {
  const source = String(route.handler);
  const methods = [route.method].flat();
  const parts: Part[] = [];
  if (route.url.includes(':')) parts.push('params');
  if (/\brequest\.query\b|readPage\(|Validator\(/.test(source)) parts.push('querystring');
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
    const unconverted: string[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const gaps = missing(route);
      const name = key(route);
      if (gaps.length > 0) {
        unconverted.push(name);
        if (!NOT_YET_CONVERTED.has(name))
          problems.push(`${name}: no schema for ${gaps.join(', ')}`);
      } else if (NOT_YET_CONVERTED.has(name)) {
        problems.push(`${name} has its schemas now: delete it from NOT_YET_CONVERTED`);
      }
    }
    const known = new Set(routes.map(key));
    for (const name of NOT_YET_CONVERTED) {
      if (!known.has(name))
        problems.push(`${name} no longer exists: delete it from NOT_YET_CONVERTED`);
    }
    if (process.env.PRINT_UNCONVERTED)
      writeFileSync(process.env.PRINT_UNCONVERTED, unconverted.join('\n'));
    assert.deepEqual(problems, []);
  });
});
