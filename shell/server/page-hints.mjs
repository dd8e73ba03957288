// What the site's server adds to index.html for the URL it answers (decision 075), so that the
// browser fetches the first page's files in parallel with the shell's instead of discovering them
// one after another (main.js → remotes.json → routes.json → mf-manifest.json → remoteEntry.js →
// the routes expose → the page's chunk):
// - the runtime config inline (`<script type="application/json" id="gs-boot">`): the remotes'
//   locations and the route lists they publish, so the shell fetches neither at start;
// - for the remote that owns the path (the shell's own ranking, src/routing/ownership.ts): a
//   preconnect to its origin and preloads of its manifest, remoteEntry.js, the './routes' expose's
//   files and the files of the page itself (routes.json `pages`, written by the remote's build).
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
    value.routes.every((path) => typeof path === 'string' && path.startsWith('/'))
  );
}

/**
 * @param {object} options
 * @param {{ remotes?: Record<string, string> }} options.remotesConfig  what remotes.json says
 * @param {string} options.origin  the site's own origin, for manifest URLs given relative to it
 * @param {typeof fetch} [options.fetchImpl]
 */
export function createPageHints({ remotesConfig, origin, fetchImpl = fetch }) {
  const remotes = Object.entries(remotesConfig?.remotes ?? {})
    .filter(([, entry]) => typeof entry === 'string')
    .map(([name, entry]) => ({ name, manifestUrl: new URL(entry, origin).href, entry }));

  /** @type {Map<string, Promise<{ manifest: any, routes?: { routes: string[], pages?: Record<string, string[]> } } | null>>} */
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

  /** The <head> additions for a page at `pathname`. */
  async function headFor(pathname) {
    const state = await current();
    const lists = {};
    for (const remote of remotes) {
      const routes = state.get(remote.name)?.routes;
      if (routes) lists[remote.name] = routes.routes;
    }
    const boot = inlineJson({ remotes: remotesConfig?.remotes ?? {}, routes: lists });
    const tags = [];
    const match = createRouteMatcher(lists)(pathname);
    const owner = match && remotes.find((remote) => remote.name === match.owner);
    const ownerState = owner && state.get(owner.name);
    if (owner && ownerState?.manifest && ownerState.routes) {
      const base = new URL('.', owner.manifestUrl);
      const { manifest } = ownerState;
      // The shell's own origin stays relative (the public host may differ from the one read here).
      const at = (file) => {
        const url = new URL(file, base);
        return url.origin === origin ? url.pathname : url.href;
      };
      const entry = manifest.metaData?.remoteEntry;
      const expose = (manifest.exposes ?? []).find((item) => item.path === './routes');
      const pageFiles = ownerState.routes.pages?.[match.pattern] ?? [];
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
      tags.push(
        link({
          rel: 'preload',
          href: at(owner.manifestUrl),
          as: 'fetch',
          crossorigin: 'anonymous',
        }),
      );
      if (entry?.name) {
        tags.push(
          link({ rel: 'preload', href: at(`${entry.path ?? ''}${entry.name}`), as: 'script' }),
        );
      }
      for (const file of [...new Set(files)]) {
        if (file.endsWith('.css')) tags.push(link({ rel: 'preload', href: at(file), as: 'style' }));
        else if (file.endsWith('.js'))
          tags.push(link({ rel: 'preload', href: at(file), as: 'script' }));
      }
    }
    tags.push(`<script type="application/json" id="gs-boot">${boot}</script>`);
    return tags.join('');
  }

  return {
    /** index.html with the head additions for `pathname`. */
    async page(template, pathname) {
      return template.replace('</head>', `${await headFor(pathname)}</head>`);
    },
  };
}
