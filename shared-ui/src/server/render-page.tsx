import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { StaticRouter } from 'react-router';
import {
  dehydrate,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query';
import { decideAccess, type RouteHandle } from '@guestspot/shared-api';

/** What a remote's server render gives the site's server for one URL (decision 077). */
export interface RenderedPage {
  /** The page's HTML, as the route's element renders it with its data. */
  html: string;
  /** The server-state cache the page was rendered from, for the browser's cache. */
  queries: DehydratedState;
}

/** A page whose data asks for more data (a profile, then its reviews) renders a few times. */
const MAX_PASSES = 4;

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The HTML of `node` once every lazy part of it has loaded (React's static prerender). */
async function renderToHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** A query the render asked for and nobody has fetched (disabled ones stay as they are). */
function waiting(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/**
 * A remote's page for a visitor, rendered on the server with its data: the route's element as
 * the remote's route table renders it (lazy pages awaited), the queries it asks for fetched from
 * the API and the page rendered again until it asks for nothing more.
 *
 * Null when the page is not one to render for a visitor: no route matches, it needs a signed-in
 * user, a query failed (the browser shows its own error or not-found state), or the data kept
 * asking for more. The browser then renders the page itself, as it always could.
 */
export async function renderPage(routes: RouteObject[], url: string): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname);
  if (!matches) return null;
  const access =
    [...matches].reverse().find((match) => (match.route.handle as RouteHandle)?.access)?.route
      .handle?.access ?? 'public';
  const decision = decideAccess({ access, location, authenticated: false, user: null });
  if (decision.redirectTo) return null;

  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000, gcTime: Infinity } },
  });
  const page = (
    <QueryClientProvider client={client}>
      <StaticRouter location={`${location.pathname}${location.search}`}>
        <Routes routes={routes} />
      </StaticRouter>
    </QueryClientProvider>
  );
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const html = await renderToHtml(page);
    const queries = client.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === 'error')) return null;
    const pending = queries.filter(waiting);
    if (pending.length === 0) return { html, queries: dehydrate(client) };
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
  }
  return null;
}
