#!/usr/bin/env node
// Measures what the home page costs: the JavaScript it downloads (raw and gzip), per origin, and
// which remotes it touches. Runs the production builds (npm run build first) with the API on a
// throw-away database, in Debian's Chromium. Prints a table; exits 1 if the budget is exceeded.
//   npm run bench:bundle            (BUDGET_KB=... to change the gzip budget)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

process.env.API_PORT ??= '4700';
process.env.SHELL_PORT ??= '3700';
process.env.MARKETPLACE_PORT ??= '3701';
process.env.BOOKING_PORT ??= '3702';
process.env.ACCOUNT_PORT ??= '3703';
process.env.MINIVIEW_PORT ??= '3704';
const { ports, remoteDirs } = await import('./ports.mjs');
const { serveRemote, serveShell, startApi, waitForUrl } = await import('./site.mjs');

const budgetKb = Number(process.env.BUDGET_KB ?? 270);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guestspot-bench-'));
const api = startApi({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const servers = [];
let browser;
try {
  await waitForUrl(`http://127.0.0.1:${ports.api}/api/v1/sanctum/csrf-cookie`, { child: api });
  servers.push(
    await serveShell(),
    ...(await Promise.all(Object.keys(remoteDirs).map(serveRemote))),
  );
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(`http://127.0.0.1:${ports.shell}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();

  const byOrigin = new Map();
  for (const script of scripts) {
    const origin = new URL(script.url).origin;
    const entry = byOrigin.get(origin) ?? { files: 0, raw: 0, gzip: 0 };
    byOrigin.set(origin, {
      files: entry.files + 1,
      raw: entry.raw + script.raw,
      gzip: entry.gzip + script.gzip,
    });
  }
  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
  console.log('origin                          files   raw KiB  gzip KiB');
  let total = 0;
  for (const [origin, { files, raw, gzip }] of byOrigin) {
    total += gzip;
    console.log(`${origin.padEnd(32)}${String(files).padStart(5)} ${kb(raw)} ${kb(gzip)}`);
  }
  const remotesTouched = Object.keys(remoteDirs).filter((name) =>
    [...byOrigin.keys()].includes(`http://127.0.0.1:${ports[name]}`),
  );
  console.log(
    `home page JS: ${(total / 1024).toFixed(1)} KiB gzip (budget ${budgetKb} KiB); remotes loaded: ${remotesTouched.join(', ')}`,
  );
  if (total / 1024 > budgetKb || remotesTouched.join() !== 'mfe_marketplace') process.exitCode = 1;
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
