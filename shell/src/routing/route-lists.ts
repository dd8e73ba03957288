import { remoteNames, type RemoteName } from '../federation/remotes';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/resilience-plugin';
import { createOwnership, type Owner, type RouteLists } from './ownership';

/**
 * The remotes' route lists at run time (decision 070). Each remote publishes the paths it serves
 * in `routes.json` beside its `mf-manifest.json`; the shell reads every one at start, in
 * parallel, right after remotes.json, and ranks them all together (ownership.ts). A remote that
 * cannot say its routes (down, hanging past the 10 s load deadline, or a bad file) falls back to
 * the list it had when the shell was built, and its area says it is unavailable, with Retry.
 */

/** The remotes' route lists when the shell was built (webpack.federation.cjs); {} in tests. */
declare const __GUESTSPOT_ROUTE_SNAPSHOT__: RouteLists | undefined;
let builtIn: RouteLists | undefined;
function snapshotOf(remote: RemoteName): readonly string[] {
  builtIn ??= typeof __GUESTSPOT_ROUTE_SNAPSHOT__ === 'object' ? __GUESTSPOT_ROUTE_SNAPSHOT__ : {};
  return builtIn[remote] ?? [];
}

interface RouteList {
  paths: readonly string[];
  /** false: the remote did not answer; `paths` are the shell's build-time snapshot. */
  published: boolean;
}

export interface RouteTable {
  ownerOf(pathname: string): Owner | null;
  /** Whether the remote published its list at start (or at the last Retry). */
  published(remote: RemoteName): boolean;
}

const lists = new Map<RemoteName, Promise<RouteList>>();
let table: Promise<RouteTable> | null = null;
/** The last table that was ready: what links shown at once go by (currentOwnerOf). */
let ready: RouteTable | null = null;
const listeners = new Set<() => void>();

function isRouteList(value: unknown): value is { routes: string[] } {
  const routes = (value as { routes?: unknown } | null)?.routes;
  return (
    Array.isArray(routes) &&
    routes.every((path) => typeof path === 'string' && path.startsWith('/'))
  );
}

async function fetchRouteList(remote: RemoteName, manifestUrl?: string): Promise<RouteList> {
  try {
    if (!manifestUrl) throw new Error('it is not in remotes.json');
    const url = new URL('routes.json', new URL(manifestUrl, window.location.href));
    // no-cache: revalidated on every start (a 304 when unchanged), so a redeployed remote's new
    // routes are used at once. One deadline for the whole read, as for a manifest (decision 067);
    // a fetch that fails at once (a network blip) is tried once more 500 ms later.
    const signal = AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS);
    const read = () => fetch(url, { cache: 'no-cache', signal });
    const response = await read().catch(async (error: unknown) => {
      if (signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return read();
    });
    if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isRouteList(body)) throw new Error(`${url.href} is not a list of path patterns`);
    return { paths: body.routes, published: true };
  } catch (error) {
    console.warn(`[shell] the routes of ${remote} could not be read:`, error);
    return { paths: snapshotOf(remote), published: false };
  }
}

function changed() {
  table = null;
  for (const listener of listeners) listener();
}

/**
 * Starts reading every configured remote's routes.json (not awaited by the caller), except the
 * lists the page already holds (`inline`: what the site's server read from the remotes).
 */
export function loadRouteLists(
  entries: ReadonlyMap<RemoteName, string>,
  inline: Readonly<Record<string, unknown>> = {},
): void {
  lists.clear();
  for (const [remote, entry] of entries) {
    const given = inline[remote];
    lists.set(
      remote,
      isRouteList({ routes: given })
        ? Promise.resolve({ paths: given as string[], published: true })
        : fetchRouteList(remote, entry),
    );
  }
  changed();
}

/** Reads one remote's routes.json again (Retry). */
export function reloadRouteList(remote: RemoteName, entry: string | undefined): void {
  lists.set(remote, fetchRouteList(remote, entry));
  changed();
}

/**
 * The ownership table once every list has answered or given up: one stable promise (for React's
 * `use`) until a list is read again.
 */
export function routeTable(): Promise<RouteTable> {
  if (table) return table;
  const pending: Promise<RouteTable> = (async () => {
    const settled = await Promise.all(
      remoteNames.map(
        async (remote) =>
          [
            remote,
            (await lists.get(remote)) ?? { paths: snapshotOf(remote), published: false },
          ] as const,
      ),
    );
    const byRemote = new Map(settled);
    const ownerOf = createOwnership(
      Object.fromEntries(settled.map(([remote, list]) => [remote, list.paths])),
    );
    return { ownerOf, published: (remote) => byRemote.get(remote)?.published ?? false };
  })();
  table = pending;
  void pending.then((done) => {
    if (table !== pending) return; // a list was read again meanwhile: the next table counts
    ready = done;
    for (const listener of listeners) listener();
  });
  return pending;
}

let builtInOwnerOf: ((pathname: string) => Owner | null) | undefined;

/**
 * Who serves a path by the shell's build-time snapshot of the remotes' lists alone: what the
 * site's server renders the frame with, and what the browser goes by until the first table is
 * ready.
 */
export function snapshotOwnerOf(): (pathname: string) => Owner | null {
  builtInOwnerOf ??= createOwnership(
    Object.fromEntries(remoteNames.map((remote) => [remote, snapshotOf(remote)])),
  );
  return builtInOwnerOf;
}

/**
 * Who serves a path, without waiting: by the last table that was ready (kept while a list is
 * read again, so that nothing flickers), else by the snapshot. For links shown at once, such as
 * the navigation's, which offer a page only when some app serves it (decision 108). Reading the
 * table starts if nothing has asked for it yet; subscribeRouteTable says when it is ready.
 */
export function currentOwnerOf(): (pathname: string) => Owner | null {
  void routeTable();
  return ready?.ownerOf ?? snapshotOwnerOf();
}

/** For useSyncExternalStore: called when routeTable() has a new promise, and when it is ready. */
export function subscribeRouteTable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
