// A visitor's first page rendered on the site's server (decision 077), so that a phone paints the
// page from the HTML instead of after every script, the API and the images have arrived:
// - the shell's frame (header, sidebar, footer) comes from the shell's own server render
//   (dist/server/render.cjs, built with the shell);
// - the page comes from the server render of the remote that owns the path, which the remote's
//   build names in its routes.json (`render`, with its content hash) and this server loads from
//   the remote's origin, so that a redeployed remote is followed with no shell change;
// - the data the page was rendered from goes with it, for the browser's query cache.
// Only for visitors (no session cookie): a signed-in page differs per user. A render that fails,
// or is not ready within RENDER_WAIT_MS, leaves the page to the browser as before; a late render
// still serves the next visitors. A render serves a page's visitors while the API's data version
// (decision 080: every write to public data changes it) is the one it was made at, for KEEP_MS
// at most; when the version cannot be read, for FRESH_MS only. Nothing older is ever served.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

export const RENDER_WAIT_MS = 250;
const FRESH_MS = 1_000;
const KEEP_MS = 5 * 60_000;
const VERSION_TIMEOUT_MS = 200;
const STUCK_MS = 15_000;
const MAX_PAGES = 500;
const MAX_RENDERERS = 16;
const READ_TIMEOUT_MS = 5_000;
/** The API's session cookie (api/src/modules/auth/sessions.ts): its holder is signed in. */
const SESSION_COOKIE = 'guestspot_session';
/** Where the shell's frame leaves room for the page (src/server-render.tsx). */
const PAGE_MARKER = '<!--gs-page-->';

const requireBuiltin = createRequire(import.meta.url);

/**
 * A server render bundle (CommonJS, every dependency inside: webpack.federation.cjs
 * serverRenderConfig) evaluated in this process. It is the team's own page code, as trusted here
 * as its scripts are in the visitor's browser.
 */
function evaluate(code, filename) {
  const wrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { filename },
  );
  const module = { exports: {} };
  wrapper(module.exports, requireBuiltin, module, filename, path.dirname(filename));
  return module.exports;
}

/** Whether a request comes from a visitor: no session cookie. */
export function isVisitor(cookieHeader) {
  return !new RegExp(`(^|;)\\s*${SESSION_COOKIE}=`).test(String(cookieHeader ?? ''));
}

/**
 * React's resource hints at the start of a render (`<link rel="preload" as="image" …>`), which
 * belong in the head.
 */
function splitLeadingLinks(html) {
  const match = html.match(/^(?:<link [^>]*\/?>)+/);
  return match ? [match[0], html.slice(match[0].length)] : ['', html];
}

/**
 * @param {object} options
 * @param {string} options.dir  the shell's dist folder
 * @param {string} options.api  the API's origin, for the renders' calls
 * @param {typeof fetch} [options.fetchImpl]
 * @param {(error: unknown) => void} [options.onError]
 * @param {number} [options.stuckMs]  when a render still in progress is given up
 */
export function createPrerender({
  dir,
  api,
  fetchImpl = fetch,
  onError = console.error,
  stuckMs = STUCK_MS,
}) {
  const frameFile = path.join(dir, 'server', 'render.cjs');
  if (!api || !fs.existsSync(frameFile)) return null;
  // Read by shared-api's client when a render bundle is first evaluated.
  process.env.GUESTSPOT_API_ORIGIN ??= api;
  const shell = evaluate(fs.readFileSync(frameFile, 'utf8'), frameFile);

  /** @type {Map<string, Promise<{ render: (url: string) => Promise<any> }>>} */
  const renderers = new Map();
  function renderer(url) {
    let loading = renderers.get(url);
    if (!loading) {
      loading = (async () => {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const loaded = evaluate(await response.text(), url);
        if (typeof loaded.render !== 'function') throw new Error(`${url} exports no render()`);
        return loaded;
      })();
      loading.catch(() => renderers.delete(url));
      renderers.set(url, loading);
      // Old versions of a redeployed remote go; the newest stay.
      if (renderers.size > MAX_RENDERERS) renderers.delete(renderers.keys().next().value);
    }
    return loading;
  }

  /** The API's data version (decision 080), or null when it cannot say. */
  async function dataVersion() {
    try {
      const response = await fetchImpl(`${api}/api/v1/data-version`, {
        signal: AbortSignal.timeout(VERSION_TIMEOUT_MS),
      });
      if (!response.ok) return null;
      const { version } = await response.json();
      return typeof version === 'string' ? version : null;
    } catch {
      return null;
    }
  }

  /**
   * Whether a render may serve a visitor now: one in progress (unless it hangs) or done, made at
   * the data version of now (for KEEP_MS at most) or, when the version is unknown, FRESH_MS ago
   * at most. A change (a paused profile, a new price) changes the version: the next visitor gets
   * a new render.
   */
  function serves(entry, version, now) {
    if (version !== null && entry.version !== version) return false;
    if (entry.doneAt === Infinity) return now - entry.startedAt < stuckMs;
    return now - entry.doneAt < (version === null ? FRESH_MS : KEEP_MS);
  }

  /**
   * Renders by page: one render serves every visitor of that page (visitors arriving meanwhile
   * share the render in progress) while `serves` says so.
   * @type {Map<string, { version: string | null, startedAt: number, doneAt: number, result: Promise<{ head: string, root: string, data: { url: string, queries: unknown } } | null> }>}
   */
  const pages = new Map();
  function renderFresh(key, rendererUrl, url, version) {
    const entry = { version, startedAt: Date.now(), doneAt: Infinity, result: null };
    entry.result = renderer(rendererUrl)
      .then((loaded) => loaded.render(url))
      .then((page) => {
        if (!page) return null;
        // Composed once: every visitor of this render gets the same frame and page.
        const frame = shell.renderFrame(url);
        if (!frame.includes(PAGE_MARKER)) return null;
        const [head, html] = splitLeadingLinks(page.html);
        return {
          head,
          root: frame.replace(PAGE_MARKER, () => html),
          data: { url, queries: page.queries },
        };
      })
      .catch((error) => {
        onError(error);
        return null;
      })
      .finally(() => {
        entry.doneAt = Date.now();
      });
    pages.delete(key);
    pages.set(key, entry);
    // Renders that serve nobody go, then the oldest past MAX_PAGES.
    for (const [oldKey, old] of pages) {
      if (!serves(old, version, entry.startedAt)) pages.delete(oldKey);
    }
    for (const oldKey of pages.keys()) {
      if (pages.size <= MAX_PAGES) break;
      pages.delete(oldKey);
    }
    return entry;
  }

  /** The page at `url` as the remote renders it, if it is ready within RENDER_WAIT_MS. */
  async function page(rendererUrl, url) {
    const key = `${rendererUrl} ${url}`;
    // Read before a render starts: a write landing during it changes the version again.
    const version = await dataVersion();
    const kept = pages.get(key);
    const entry =
      kept && serves(kept, version, Date.now())
        ? kept
        : renderFresh(key, rendererUrl, url, version);
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
    });
    try {
      return await Promise.race([entry.result, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /**
     * The rendered first screen for `url` (path and query): `head` (the page's resource hints)
     * and `root` (the frame with the page, for #root) and `data` (for the gs-prerender script),
     * or null when the browser renders the page itself.
     * @param {string} rendererUrl  the owning remote's server render (routes.json `render`)
     * @param {string} url
     */
    render: page,
  };
}
