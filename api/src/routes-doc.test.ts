import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildRoutesDoc, ROUTES_DOC } from '../scripts/routes-doc';

// docs/api.md is generated from the app (decision 071): this is `docs:routes -- --check` in CI.

const routesDoc = buildRoutesDoc();

test('docs/api.md lists the routes the app serves (else: npm run docs:routes -w api)', async () => {
  const expected = await routesDoc;
  const current = fs.existsSync(ROUTES_DOC) ? fs.readFileSync(ROUTES_DOC, 'utf8') : '';
  assert.ok(
    current === expected,
    `${path.relative(process.cwd(), ROUTES_DOC)} is stale: run \`npm run docs:routes -w api\` and commit it.`,
  );
});

test('each row names the file that registers the route', async () => {
  const doc = await routesDoc;
  const rows = doc.split('\n').filter((line) => /^\| (GET|HEAD|POST|PUT|PATCH|DELETE) /.test(line));
  const fileOf = (method: string, route: string) =>
    rows
      .find((line) => new RegExp(`^\\| ${method} +\\| \`${route}\` +\\|`).test(line))
      ?.split('|')[6]
      ?.trim();
  assert.equal(fileOf('POST', '/guests/:guest/book'), '`modules/bookings/create/routes.ts`');
  assert.equal(fileOf('GET', '/bookings/:booking'), '`modules/bookings/routes.ts`');
  assert.equal(fileOf('PATCH', '/bookings/:booking/accept'), '`modules/bookings/action-routes.ts`');
  assert.equal(fileOf('GET', '/health'), '`app.ts`');
  const missing = rows.filter((line) => !/\| `[^`]+\.ts` +\|$/.test(line));
  assert.deepEqual(missing, [], 'every route has its file');
});

test('the table carries the guard config and the development surfaces', async () => {
  const doc = await routesDoc;
  const row = (method: string, route: string) =>
    doc
      .split('\n')
      .find((line) => new RegExp(`^\\| ${method} +\\| \`${route}\` +\\|`).test(line))
      ?.split('|')
      .slice(3, 6)
      .map((cell) => cell.trim());
  assert.deepEqual(row('POST', '/auth/login'), ['allowed', 'allowed', '']);
  assert.deepEqual(row('POST', '/guests'), ['allowed', '403', '']);
  assert.deepEqual(row('PUT', '/users/:id'), ['403', '403', '']);
  assert.deepEqual(row('GET', '/dev/outbox'), [
    '—',
    '—',
    'development surface: loopback callers only (decision 062)',
  ]);
});
