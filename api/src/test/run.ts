import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_ROOT } from '../config';
import { ensureSnapshot, ensureTemplate } from './test-db';

// `npm test -w api [-- filter...]`: every src/**/*.test.ts (or those whose path contains a
// filter) under node:test. Node 20's runner takes no globs, so the list is made here.

/**
 * Whether a test file can answer differently on PostgreSQL: it opens a test database (the
 * harness, test-db) or reads DATABASE_URL itself. The others (pure functions, generated files)
 * run once, in the PGlite run: CI's PostgreSQL run would only repeat them.
 */
function usesDatabase(file: string): boolean {
  return /test\/(harness|test-db)|DATABASE_URL/.test(
    fs.readFileSync(path.join(API_ROOT, file), 'utf8'),
  );
}

const filters = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(API_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join('src', name))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .filter((file) => !process.env.DATABASE_URL || usesDatabase(file))
  .sort();

if (files.length === 0) {
  console.error(`No test files match ${filters.join(', ')}`);
  process.exit(1);
}

if (!process.env.DATABASE_URL) {
  const started = Date.now();
  const snapshot = await ensureSnapshot();
  console.log(`PGlite snapshot ${path.relative(API_ROOT, snapshot)} (${Date.now() - started} ms)`);
} else {
  const started = Date.now();
  const template = await ensureTemplate(process.env.DATABASE_URL);
  console.log(
    template
      ? `Testing against DATABASE_URL: a database per test file, cloned from ${template} (${Date.now() - started} ms)`
      : 'Testing against DATABASE_URL: a schema per test file (this user may not create databases).',
  );
}

// Each file runs in its own process with its own database; two at a time fits 2 cores. On
// PostgreSQL the queries run in the server's processes, and a third file keeps both cores busy
// (CI's PostgreSQL run: 366 s with two, 326 s with three).
const cores = os.availableParallelism();
const concurrency =
  process.env.TEST_CONCURRENCY ??
  String(process.env.DATABASE_URL ? Math.min(3, cores + 1) : Math.min(2, cores));
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    `--test-concurrency=${concurrency}`,
    ...files,
  ],
  { cwd: API_ROOT, stdio: 'inherit', env: process.env },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
