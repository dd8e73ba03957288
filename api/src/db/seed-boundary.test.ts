import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { API_ROOT } from '../config';

// Production code imports nothing from src/db/seed/ (issue 12, decision 071): the demo data and
// its published password stay with the seeder. Only the start paths that run the seeder
// (server.ts, db/seed-cli.ts), the seed itself and the test harness may reach it.

const SRC = path.join(API_ROOT, 'src');
const SEED = path.join(SRC, 'db', 'seed');
const ALLOWED = new Set(['server.ts', path.join('db', 'seed-cli.ts')]);

function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? '');
  return specifiers;
}

test('nothing outside the seeder and the tests imports src/db/seed/', () => {
  const offenders: string[] = [];
  for (const name of fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    if (ALLOWED.has(name) || name.startsWith(`test${path.sep}`)) continue;
    const file = path.join(SRC, name);
    if (file.startsWith(SEED + path.sep)) continue;
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (target === SEED || target.startsWith(SEED + path.sep)) {
        offenders.push(`${name} imports ${specifier}`);
      }
    }
  }
  assert.deepEqual(offenders, []);
});

test('the check sees an import of the seed', () => {
  assert.deepEqual(importsOf("import { slugify } from '../../db/seed/seed';"), [
    '../../db/seed/seed',
  ]);
  assert.deepEqual(importsOf("const seed = await import('./db/seed/seed');"), ['./db/seed/seed']);
});
