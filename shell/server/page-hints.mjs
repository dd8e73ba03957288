// What the site's server adds to index.html for the URL it answers (decision 075), so that the
// browser fetches the first page's files in parallel with the shell's instead of discovering them
// one after another (main.js → remotes.json → routes.json → mf-manifest.json → remoteEntry.js →
// the routes expose → the page's chunk):
// - the runtime config inline (`<script type="application/json" id="gs-boot">`): the remotes'
//   locations and the route lists they publish, so the shell fetches neither at start;
// - for the remote that owns the path (the shell's own ranking, src/routing/ownership.ts): a
//   preconnect to its origin and preloads of its manifest, remoteEntry.js, the './routes' expose's
//   files and the files of the page itself (routes.json `pages`, written by the remote's build).
// - for a visitor, the page itself, rendered on the server (prerender.mjs, decision 077): the
//   frame and page in #root, the page's CSS as stylesheets and its data for the query cache.
// The server reads each remote's mf-manifest.json and routes.json again for every page it serves
// (pages asked for at the same moment share one read; it waits at most 300 ms and leaves out a
// remote that has not answered by then), so that a redeployed remote is followed at once, with
// no restart and no shell change, and a remote that hangs holds nothing up. Reading them costs
// the server a few milliseconds; the browser saves round trips.
import { tsImport } from 'tsx/esm/api';

/** @type {{ createRouteMatcher: (lists: Record<string, readonly string[]>) => (pathname: string) => { owner: string, pattern: string } | null }} */
const { createRouteMatcher } = await tsImport('../src/routing/ownership.ts', import.meta.url);

const WAIT_MS = 300;
const READ_TIMEOUT_MS = 2_000;

/** JSON inside a <script> element: `<` escaped, so that no string can close the element. */
export function inlineJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const escapeAttribute = (value) =>
  String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function link(attributes) {
  const text = Object.entries(attributes)
    .map(([name, value]) => (value === true ? name : `${name}="${escapeAttribute(value)}"`))
    .join(' ');
  return `<link ${text}>`;
}

function isRouteList(value) {
  return (
    Array.isArray(value?.routes) &&
    value.routes.every((path) => typeof path === 'string' && path.startsWith('/')) &&
    (value.render === undefined || typeof value.render === 'string')
  );
}

/**
 * @param {object} options
 * @param {{ remotes?: Record<string, string> }} options.remotesConfig  what remotes.json says
 * @param {string} options.origin  the site's own origin, for manifest URLs given relative to it
 * @param {typeof fetch} [options.fetchImpl]
 * @param {ReturnType<typeof import('./prerender.mjs').createPrerender>} [options.prerender]
 */
export function createPageHints({ remotesConfig, origin, fetchImpl = fetch, prerender = null }) {
  const remotes = Object.entries(remotesConfig?.remotes ?? {})
    .filter(([, entry]) => typeof entry === 'string')
    .map(([name, entry]) => ({ name, manifestUrl: new URL(entry, origin).href, entry }));

  /** @type {Map<string, Promise<{ manifest: any, routes?: { routes: string[], pages?: Record<string, string[]>, render?: string } } | null>>} */
  const reading = new Map();

  async function readJson(url) {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  }

  /** One read of a remote's manifest and routes.json (shared by the pages asking meanwhile). */
  function read(remote) {
    let pending = reading.get(remote.name);
    if (!pending) {
      pending = (async () => {
        const [manifest, routes] = await Promise.allSettled([
          readJson(remote.manifestUrl),
          readJson(new URL('routes.json', remote.manifestUrl).href),
        ]);
        if (manifest.status === 'rejected' || routes.status === 'rejected') return null;
        return {
          manifest: manifest.value,
          routes: isRouteList(routes.value) ? routes.value : undefined,
        };
      })().finally(() => reading.delete(remote.name));
      reading.set(remote.name, pending);
    }
    return pending;
  }

  /**
   * What every remote says now: only what it answered within WAIT_MS. A remote that is down,
   * hangs or answers late gets no hints (nothing on the page waits for it, not even the load
   * event) and the shell reads its routes.json itself, under its own deadline.
   */
  async function current() {
    const answered = new Map();
    let timer;
    await Promise.race([
      Promise.all(
        remotes.map(async (remote) => {
          const state = await read(remote);
          if (state) answered.set(remote.name, state);
        }),
      ),
      new Promise((resolve) => {
        timer = setTimeout(resolve, WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    return answered;
  }

  /**
   * The <head> additions for a page at `url` (path and query), and for a visitor the page
   * rendered on the server (null when the browser renders it).
   */
  async function compose(url, visitor) {
    const pathname = url.split('?')[0];
    const state = await current();
    const lists = {};
    for (const remote of remotes) {
      const routes = state.get(remote.name)?.routes;
      if (routes) lists[remote.name] = routes.routes;
    }
    const boot = inlineJson({ remotes: remotesConfig?.remotes ?? {}, routes: lists });
    const tags = [];
    /** @type {{ href: string, as: string, crossorigin?: string }[]} */
    const preloads = [];
    let rendered = null;
    const match = createRouteMatcher(lists)(pathname);
    const owner = match && remotes.find((remote) => remote.name === match.owner);
    const ownerState = owner && state.get(owner.name);
    if (owner && ownerState?.manifest && ownerState.routes) {
      const base = new URL('.', owner.manifestUrl);
      const { manifest, routes } = ownerState;
      if (visitor && prerender && routes.render) {
        rendered = await prerender.render(new URL(routes.render, base).href, url);
      }
      // The shell's own origin stays relative (the public host may differ from the one read here).
      const at = (file) => {
        const fileUrl = new URL(file, base);
        return fileUrl.origin === origin ? fileUrl.pathname : fileUrl.href;
      };
      const entry = manifest.metaData?.remoteEntry;
      const expose = (manifest.exposes ?? []).find((item) => item.path === './routes');
      const pageFiles = routes.pages?.[match.pattern] ?? [];
      const files = [
        ...(expose?.assets?.css?.sync ?? []),
        ...(expose?.assets?.js?.sync ?? []),
        ...pageFiles,
      ];
      if (base.origin !== origin) {
        // Scripts load without CORS, the manifest with it: one warm connection for each.
        tags.push(link({ rel: 'preconnect', href: base.origin }));
        tags.push(link({ rel: 'preconnect', href: base.origin, crossorigin: 'anonymous' }));
      }
      preloads.push({ href: at(owner.manifestUrl), as: 'fetch', crossorigin: 'anonymous' });
      if (entry?.name)
        preloads.push({ href: at(`${entry.path ?? ''}${entry.name}`), as: 'script' });
      for (const file of [...new Set(files)]) {
        // A rendered page is painted from the HTML: its styles are needed before, not after.
        if (file.endsWith('.css') && rendered)
          tags.push(link({ rel: 'stylesheet', href: at(file) }));
        else if (file.endsWith('.css')) preloads.push({ href: at(file), as: 'style' });
        else if (file.endsWith('.js')) preloads.push({ href: at(file), as: 'script' });
      }
    }
    // A rendered page fetches its scripts after its first paint (afterPaint below).
    if (!rendered) tags.push(...preloads.map((hint) => link({ rel: 'preload', ...hint })));
    tags.push(`<script type="application/json" id="gs-boot">${boot}</script>`);
    if (rendered) tags.push(rendered.head);
    return { head: tags.join(''), rendered, preloads };
  }

  return {
    /**
     * index.html for `url` (path and query) with the head additions, and for a visitor the page
     * rendered on the server in #root with its data (`<script type="application/json"
     * id="gs-prerender">`).
     * @param {string} template
     * @param {string} url
     * @param {{ visitor?: boolean }} [options]
     */
    async page(template, url, { visitor = false } = {}) {
      const { head, rendered, preloads } = await compose(url, visitor);
      let html = template.replace('</head>', () => `${head}</head>`);
      if (rendered) {
        const data = `<script type="application/json" id="gs-prerender">${inlineJson(rendered.data)}</script>`;
        html = afterPaint(html, preloads).replace(
          '<div id="root"></div>',
          () => `<div id="root">${rendered.root}</div>${data}`,
        );
      }
      return html;
    },
  };
}

/**
 * A page rendered on the server is painted from its HTML and styles alone: its scripts (the
 * shell's `<script defer>` and script preloads, and the owning remote's hints) are fetched
 * after that first paint by /after-paint.js (shell/public), from the list it is given
 * (`<script type="application/json" id="gs-scripts">`), so that the styles and the page's
 * images do not share a phone's bandwidth with them.
 * @param {string} html  index.html
 * @param {{ href: string, as: string, crossorigin?: string }[]} preloads  the remote's hints
 */
export function afterPaint(html, preloads) {
  const run = [];
  const preload = [];
  const rest = html
    .replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (_, src) => {
      run.push(src);
      return '';
    })
    .replace(/<link rel="preload" as="script" href="([^"]+)">/g, (_, href) => {
      preload.push({ href, as: 'script' });
      return '';
    });
  const list = inlineJson({ preload: [...preload, ...preloads], run });
  return rest.replace(
    '</head>',
    () =>
      `<script type="application/json" id="gs-scripts">${list}</script><script defer src="/after-paint.js"></script></head>`,
  );
}
