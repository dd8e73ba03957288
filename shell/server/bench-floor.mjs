// The floor page of bench:lighthouse: React 19 and the shell's federation runtime, nothing else
// (floor/src), built by the shell's own pipeline (webpack.federation.cjs, production mode: the
// same shared modules, runtime plugin, minifier, startup preloads and precompressed files) into a
// temporary folder, and served on its own port by the same static server as the site. Never in
// shell/dist: no user is ever sent it. Its Total Blocking Time, measured in the same run as the
// pages, is what any page costs on that machine at that moment, so that figures from noisy
// machines compare as a ratio.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterPaint } from './page-hints.mjs';
import { serveDir } from './serve-static.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

/** Builds the floor page into a new temporary folder; resolves to that folder. */
async function buildFloor(remotesConfig) {
  const webpack = require('webpack');
  const { createConfig } = require(path.join(root, 'webpack.federation.cjs'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-floor-'));
  const config = createConfig({
    dir: path.join(here, 'floor'),
    name: 'shell',
    port: 0,
    title: 'Guestspot floor',
  })({}, { mode: 'production' });
  config.output.path = outDir;
  config.devtool = false;
  config.plugins.push(
    new webpack.DefinePlugin({
      __FLOOR_REMOTES__: JSON.stringify(remotesConfig.remotes ?? {}),
    }),
  );
  const stats = await new Promise((resolve, reject) => {
    webpack(config, (error, result) => (error ? reject(error) : resolve(result)));
  });
  if (stats.hasErrors()) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw new Error(`The floor page did not build:\n${stats.toString('errors-only')}`);
  }
  firstPaintFromHtml(outDir);
  return outDir;
}

/** What the floor page shows: painted from the HTML, then rendered again by React. */
const FLOOR_HTML = '<main><h1>Guestspot</h1></main>';

/**
 * The floor starts as a server-rendered page of the site does (decision 077): painted from its
 * HTML, its scripts fetched after that paint by the shell's after-paint.js, then React renders
 * the same content over it. (A page painted by its scripts only would count none of their work
 * as blocking: Total Blocking Time starts at the first paint.)
 */
function firstPaintFromHtml(outDir) {
  const file = path.join(outDir, 'index.html');
  const html = afterPaint(fs.readFileSync(file, 'utf8'), []).replace(
    '<div id="root"></div>',
    () => `<div id="root">${FLOOR_HTML}</div>`,
  );
  fs.writeFileSync(file, html);
  // The precompressed copies are of the page before; the static server would prefer them.
  for (const suffix of ['.br', '.gz']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(
    path.join(here, '..', 'public', 'after-paint.js'),
    path.join(outDir, 'after-paint.js'),
  );
}

/**
 * Builds the floor page and serves it on 127.0.0.1:`port`; `close()` stops the server and
 * deletes the build.
 */
export async function startFloor({ port, remotesConfig }) {
  const dir = await buildFloor(remotesConfig);
  try {
    const server = await serveDir({ dir, port });
    return {
      origin: `http://127.0.0.1:${port}`,
      close: async () => {
        await server.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
