#!/usr/bin/env node
// Measures what the home page (/) and the browse page (/browse) cost: the JavaScript each downloads
// (raw and gzip), per origin, and which remotes it touches. Runs the production builds (npm run
// build first) with the API on a throw-away database, in Debian's Chromium, a fresh browser
// context per page (cold cache). Prints a table; exits 1 if the home page exceeds the budget or
// either page loads a remote other than the marketplace.
//   npm run bench:bundle            (BUDGET_KB=... to change the home page's gzip budget)
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
  const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
  const pages = [
    ['home', '/', (page) => page.getByRole('heading', { level: 1 }).waitFor()],
    ['browse', '/browse', (page) => page.locator('main').first().waitFor()],
  ];
  const summary = [];
  for (const [name, url, ready] of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length });
    });
    await page.goto(`http://127.0.0.1:${ports.shell}${url}`, { waitUntil: 'networkidle' });
    await ready(page);
    await context.close();

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
    console.log(`\n${name} (${url})`);
    if (process.env.BENCH_VERBOSE === '1') {
      for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${kb(script.raw)} ${kb(script.gzip)}  ${script.url}`);
      }
    }
    console.log('origin                          files   raw KiB  gzip KiB');
    let total = 0;
    let raw = 0;
    for (const [origin, entry] of byOrigin) {
      total += entry.gzip;
      raw += entry.raw;
      console.log(
        `${origin.padEnd(32)}${String(entry.files).padStart(5)} ${kb(entry.raw)} ${kb(entry.gzip)}`,
      );
    }
    const remotesTouched = Object.keys(remoteDirs).filter((remote) =>
      [...byOrigin.keys()].includes(`http://127.0.0.1:${ports[remote]}`),
    );
    summary.push({ name, url, files: scripts.length, raw, gzip: total, remotesTouched });
    if (remotesTouched.join() !== 'mfe_marketplace') process.exitCode = 1;
  }

  console.log('\n| Page | JS files | raw KiB | gzip KiB | remotes loaded |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const row of summary) {
    console.log(
      `| ${row.name} (\`${row.url}\`) | ${row.files} | ${(row.raw / 1024).toFixed(1)} | ${(row.gzip / 1024).toFixed(1)} | ${row.remotesTouched.join(', ')} |`,
    );
  }
  const home = summary[0];
  console.log(`home page JS: ${(home.gzip / 1024).toFixed(1)} KiB gzip (budget ${budgetKb} KiB)`);
  if (home.gzip / 1024 > budgetKb) process.exitCode = 1;
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
