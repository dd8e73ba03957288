#!/usr/bin/env node
// Lighthouse (mobile, default simulated throttling) on the production builds of the public pages:
// three runs per page in Debian's Chromium, each with a cold cache, and the median of each figure.
// Exits 1 when a median misses its goal: performance >= 95, LCP <= 2.0 s, TBT <= 150 ms,
// CLS <= 0.05 (issue 13), accessibility 100 (issue 18).
// The floor page is measured first, in the same run (bench-floor.mjs: React 19 and the shell's
// federation runtime, nothing else, built by the same pipeline, served only here): each page's
// TBT is printed with its ratio to the floor's, and every run with Lighthouse's benchmarkIndex
// (the machine's speed as Lighthouse measured it then), so that figures from machines of other
// speeds, or a busy one, can be compared (issue 34).
//   npm run build && npm run bench:lighthouse      (LIGHTHOUSE_RUNS=5, LIGHTHOUSE_PAGES=home,login,
//   BENCH_VERBOSE=1 prints each run, LIGHTHOUSE_SAVE=/tmp/lhr writes each run's report there)
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchSite } from './bench-site.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const verbose = process.env.BENCH_VERBOSE === '1';
const saveDir = process.env.LIGHTHOUSE_SAVE;
const pages = [
  ['home', '/'],
  ['browse', '/browse?showing=guests'],
  ['profile', '/guests/2'],
  ['login', '/login'],
].filter(
  ([name]) =>
    !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(name),
);
const goals = { score: 95, lcp: 2000, tbt: 150, cls: 0.05, a11y: 100 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run of `url` in a new browser (nothing cached, nothing warm). */
async function measure(name, run, url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      fs.writeFileSync(path.join(saveDir, `${name}-${run}.json`), JSON.stringify(lhr));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const result = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
      // All the main thread's work during the load (ms, simulated): less all-or-nothing than TBT,
      // which counts only what passes 50 ms in a task (the floor's tasks barely reach it).
      mainThread: audit('mainthread-work-breakdown'),
      // How fast this machine was during the run, as Lighthouse measured it (higher is faster).
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      // Lighthouse 13 names the LCP element in its LCP breakdown insight (a node item).
      lcpElement:
        lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')
          ?.snippet ?? '',
    };
    if (verbose) {
      const { lcpElement: _, ...figures } = result;
      const tasks = (lhr.audits['long-tasks']?.details?.items ?? [])
        .map((item) => Math.round(item.duration))
        .join(', ');
      const work = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
        .map((item) => `${item.group} ${Math.round(item.duration)}`)
        .join(', ');
      console.log(name, run, figures);
      console.log(`  long tasks ms: ${tasks || 'none'}; main thread ms: ${work}`);
    }
    return result;
  } finally {
    await chrome.kill();
  }
}

const site = await startBenchSite({ floor: process.env.LIGHTHOUSE_FLOOR !== '0' });
const targets = [
  ...(site.floorOrigin ? [['floor', '/', site.floorOrigin]] : []),
  ...pages.map(([name, url]) => [name, url, site.origin]),
];
const rows = [];
try {
  for (const [name, url, origin] of targets) {
    const results = [];
    // A site in use: the page a visitor gets has already been rendered by the site's server
    // for an earlier visitor (decision 077). The browser's side stays cold.
    await fetch(`${origin}${url}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let run = 1; run <= runs; run += 1) {
      results.push(await measure(name, run, `${origin}${url}`));
    }
    const row = { name, url };
    for (const key of [
      'score',
      'a11y',
      'fcp',
      'lcp',
      'tbt',
      'cls',
      'si',
      'mainThread',
      'benchmarkIndex',
    ]) {
      row[key] = median(results.map((result) => result[key]));
    }
    row.scores = results.map((result) => result.score);
    row.tbts = results.map((result) => Math.round(result.tbt));
    row.lcpElement = results.at(-1)?.lcpElement;
    rows.push(row);
    console.log(
      `${name}: perf ${row.score} (runs ${row.scores.join(', ')}), accessibility ${row.a11y}, LCP ${(row.lcp / 1000).toFixed(2)} s, TBT ${Math.round(row.tbt)} ms (runs ${row.tbts.join(', ')}), CLS ${row.cls.toFixed(3)}, benchmarkIndex ${Math.round(row.benchmarkIndex)}; LCP element ${row.lcpElement}`,
    );
  }
} finally {
  await site.close();
}

const floor = rows.find((row) => row.name === 'floor');
/** A page's figure as a multiple of the floor's of the same run. */
const ratio = (row, key) =>
  floor && floor[key] > 0 ? `${(row[key] / floor[key]).toFixed(1)}×` : floor ? '–' : '';

console.log(`\nLighthouse mobile, median of ${runs} runs:\n`);
console.log(
  '| Page | perf | a11y | FCP s | LCP s | TBT ms | TBT / floor | main thread s | / floor | CLS | Speed Index s | benchmarkIndex |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.name} (\`${row.url}\`) | ${row.score} | ${row.a11y} | ${(row.fcp / 1000).toFixed(2)} | ${(row.lcp / 1000).toFixed(2)} | ${Math.round(row.tbt)} | ${ratio(row, 'tbt')} | ${(row.mainThread / 1000).toFixed(2)} | ${ratio(row, 'mainThread')} | ${row.cls.toFixed(3)} | ${(row.si / 1000).toFixed(2)} | ${Math.round(row.benchmarkIndex)} |`,
  );
  // The floor is the yardstick, not a page of the site: it has no goal.
  if (row === floor) continue;
  const missed = [
    row.score < goals.score && `performance ${row.score} < ${goals.score}`,
    row.a11y < goals.a11y && `accessibility ${row.a11y} < ${goals.a11y}`,
    row.lcp > goals.lcp && `LCP ${Math.round(row.lcp)} ms > ${goals.lcp}`,
    row.tbt > goals.tbt && `TBT ${Math.round(row.tbt)} ms > ${goals.tbt}`,
    row.cls > goals.cls && `CLS ${row.cls.toFixed(3)} > ${goals.cls}`,
  ].filter(Boolean);
  if (missed.length) {
    console.log(`  ${row.name} misses: ${missed.join(', ')}`);
    process.exitCode = 1;
  }
}
