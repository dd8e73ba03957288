// `node --test shell/server/`: a visitor's first page rendered on the site's server (decision 077).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createPrerender, isVisitor, RENDER_WAIT_MS } from './prerender.mjs';

const RENDERER = 'http://127.0.0.1:3001/server/render.cjs?v=1';

/** A shell dist folder whose server render draws the frame around the page marker. */
function shellDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-prerender-'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(
    path.join(dir, 'server', 'render.cjs'),
    `exports.renderFrame = (url) => '<header>' + url + '</header><main><div class="gs-prerendered"><!--gs-page--></div></main>';`,
  );
  return dir;
}

/**
 * A remote's server render, as its build writes it: CommonJS evaluated by the site's server.
 * It counts its renders on globalThis, answers /slow late, /none with nothing and /boom with an
 * error.
 */
const REMOTE_RENDER = `
const { setTimeout: wait } = require('node:timers/promises');
exports.render = async (url) => {
  globalThis.renders = (globalThis.renders ?? 0) + 1;
  if (url === '/slow') await wait(${RENDER_WAIT_MS + 150});
  if (url === '/hang' && globalThis.renders === 1) await new Promise(() => {});
  if (url === '/none') return null;
  if (url === '/boom') throw new Error('the page broke');
  return {
    html: '<link rel="preload" as="image" href="/a.svg"/><h1>Page ' + url + ' $&</h1>',
    queries: { queries: [{ queryKey: ['page', url] }] },
  };
};`;

function remote(code = REMOTE_RENDER) {
  const calls = [];
  const fetchImpl = async (url) => {
    calls.push(String(url));
    return String(url) === RENDERER
      ? new Response(code, { status: 200 })
      : new Response('missing', { status: 404 });
  };
  return { fetchImpl, calls };
}

const dirs = [];
function prerenderer(options = {}) {
  const dir = shellDist();
  dirs.push(dir);
  const errors = [];
  const prerender = createPrerender({
    dir,
    api: 'http://127.0.0.1:4000',
    onError: (error) => errors.push(error),
    ...remote(),
    ...options,
  });
  return { prerender, errors };
}

after(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('isVisitor', () => {
  it('is a visitor without the session cookie, whatever other cookies say', () => {
    assert.equal(isVisitor(undefined), true);
    assert.equal(isVisitor('XSRF-TOKEN=abc; guestspot_referral=x'), true);
    assert.equal(isVisitor('not_guestspot_session=1'), true);
    assert.equal(isVisitor('XSRF-TOKEN=abc; guestspot_session=s3cr3t'), false);
    assert.equal(isVisitor('guestspot_session=s3cr3t'), false);
  });
});

describe('createPrerender', () => {
  it('is off without the shell’s server render or an API', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-prerender-'));
    dirs.push(empty);
    assert.equal(createPrerender({ dir: empty, api: 'http://127.0.0.1:4000' }), null);
    const shell = shellDist();
    dirs.push(shell);
    assert.equal(createPrerender({ dir: shell, api: undefined }), null);
  });

  it('puts the remote’s page in the shell’s frame, its hints apart, its data beside', async () => {
    const { prerender } = prerenderer();
    const page = await prerender.render(RENDERER, '/browse?showing=shows');
    assert.deepEqual(page, {
      head: '<link rel="preload" as="image" href="/a.svg"/>',
      // `$&` in a page is text, not a replacement pattern.
      root: '<header>/browse?showing=shows</header><main><div class="gs-prerendered"><h1>Page /browse?showing=shows $&</h1></div></main>',
      data: {
        url: '/browse?showing=shows',
        queries: { queries: [{ queryKey: ['page', '/browse?showing=shows'] }] },
      },
    });
  });

  it('loads a remote’s render once and renders a page once while it is fresh', async () => {
    const { fetchImpl, calls } = remote();
    const { prerender } = prerenderer({ fetchImpl });
    globalThis.renders = 0;
    await prerender.render(RENDERER, '/a');
    await prerender.render(RENDERER, '/a');
    await prerender.render(RENDERER, '/b');
    assert.deepEqual(
      calls.filter((url) => url.includes('render.cjs')),
      [RENDERER],
    );
    assert.equal(globalThis.renders, 2);
  });

  it('renders a page again once its render is a second old when the API cannot say its data version', async () => {
    const { prerender } = prerenderer();
    globalThis.renders = 0;
    await Promise.all([prerender.render(RENDERER, '/a'), prerender.render(RENDERER, '/a')]);
    assert.equal(globalThis.renders, 1, 'visitors arriving together share one render');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await prerender.render(RENDERER, '/a');
    assert.equal(globalThis.renders, 2);
  });

  it('keeps a render while the API’s data version stays, and renders again when it changes', async () => {
    let version = '7';
    const { fetchImpl, calls } = remote();
    const { prerender } = prerenderer({
      fetchImpl: async (url) =>
        String(url) === 'http://127.0.0.1:4000/api/v1/data-version'
          ? Response.json({ version })
          : fetchImpl(url),
    });
    globalThis.renders = 0;
    await prerender.render(RENDERER, '/a');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await prerender.render(RENDERER, '/a');
    assert.equal(globalThis.renders, 1, 'the same data: the same render, past a second');
    version = '8';
    await prerender.render(RENDERER, '/a');
    assert.equal(globalThis.renders, 2, 'a write: a new render at once');
    assert.deepEqual(calls, [RENDERER]);
  });

  it('does not hold the page for a slow render; the next visitor gets it', async () => {
    const { prerender } = prerenderer();
    await prerender.render(RENDERER, '/warm-up');
    const started = Date.now();
    assert.equal(await prerender.render(RENDERER, '/slow'), null);
    assert.ok(Date.now() - started < RENDER_WAIT_MS + 100, 'answered at the deadline');
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.match((await prerender.render(RENDERER, '/slow'))?.root ?? '', /Page \/slow/);
  });

  it('gives up a render that hangs and makes a new one', async () => {
    const { prerender } = prerenderer({ stuckMs: RENDER_WAIT_MS + 50 });
    globalThis.renders = 0;
    assert.equal(await prerender.render(RENDERER, '/hang'), null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match((await prerender.render(RENDERER, '/hang'))?.root ?? '', /Page \/hang/);
    assert.equal(globalThis.renders, 2);
  });

  it('leaves the page to the browser when the render gives nothing, fails or cannot load', async () => {
    const { prerender, errors } = prerenderer();
    assert.equal(await prerender.render(RENDERER, '/none'), null);
    assert.equal(await prerender.render(RENDERER, '/boom'), null);
    assert.match(String(errors[0]), /the page broke/);

    const broken = prerenderer({ fetchImpl: async () => new Response('x', { status: 500 }) });
    assert.equal(await broken.prerender.render(RENDERER, '/'), null);
    assert.match(String(broken.errors[0]), /answered 500/);
  });
});
