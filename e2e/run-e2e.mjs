#!/usr/bin/env node
// `npm test -w e2e`: makes sure Debian's Chromium headless shell is there, builds the site (nx
// cache: quick when nothing changed; skip with E2E_SKIP_BUILD=1), then runs Playwright and exits
// with its code.
// Never `npx playwright install`: nothing can be downloaded here but npm and Debian packages.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Debian's Chromium headless shell runs the tests (playwright.config.ts, decision 082): the same
 * Blink and V8 as the browser, without the desktop browser around them. The benchmarks use the
 * full browser (`apt-get install chromium`), which the tests do not need.
 */
const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';
const PACKAGE = 'chromium-headless-shell';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `e2e: ${CHROMIUM} is missing. Install Debian's package first:\n  sudo apt-get update && sudo apt-get install -y ${PACKAGE}\n(never \`npx playwright install\`: browsers cannot be downloaded here).`,
    );
    process.exit(1);
  }
  console.log(`e2e: ${CHROMIUM} is missing; installing Debian's ${PACKAGE} (apt-get).`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', PACKAGE], { env }) !== 0
  ) {
    console.error(`e2e: apt-get could not install ${PACKAGE}.`);
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`e2e: ${PACKAGE} installed, but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}

ensureChromium();

if (process.env.E2E_SKIP_BUILD === '1') {
  console.log('e2e: E2E_SKIP_BUILD=1, using the existing */dist builds.');
} else {
  console.log('e2e: npm run build (cached by nx when nothing changed)');
  const status = run('npm', ['run', 'build']);
  if (status !== 0) {
    console.error(`e2e: the build failed (exit ${status}).`);
    process.exit(status);
  }
}

// Extra arguments pass through: npm test -w e2e -- tests/home.spec.ts
const status = run('npx', [
  'playwright',
  'test',
  '-c',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
process.exit(status);
