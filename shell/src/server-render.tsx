// The shell's frame (header, sidebar, footer) rendered on the site's server for a visitor, with
// a place for the page that the owning remote renders (decision 077). The build makes this file
// a Node.js bundle (dist/server/render.cjs) that shell/server/prerender.mjs loads.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PRERENDERED_CLASS } from '@guestspot/shared-ui';
import { Layout } from './layout/layout';

/** Where the page goes in the frame: the inside of the element PageLoading renders for it. */
export const PAGE_MARKER = '<!--gs-page-->';

/**
 * The layout at `url` (path and query) for a visitor, with PAGE_MARKER for the page. All of it
 * inert: its buttons do nothing until the shell's code has replaced it (a tap would be lost).
 */
export function renderFrame(url: string): string {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={url}>
        <Routes>
          <Route element={<Layout />}>
            <Route
              path="*"
              element={
                <div
                  className={PRERENDERED_CLASS}
                  aria-busy="true"
                  inert
                  dangerouslySetInnerHTML={{ __html: PAGE_MARKER }}
                />
              }
            />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return html.replace(/^<div /, '<div inert="" ');
}
