import { createContext, Suspense, use, type ReactNode } from 'react';
import { PageLoading } from './page-loading';

const InsidePageBoundary = createContext(false);

/**
 * The one place where a page waits for its code (decision 083): around the app's route outlet,
 * mounted once and kept across navigations. A navigation is a transition, and React keeps a
 * boundary that already shows a page on that page until the next one is ready, so a tap never
 * flashes a spinner (and never waits out React's 300 ms reveal throttle for one). The first load
 * shows the page spinner (or the server-rendered page) here.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <InsidePageBoundary value={true}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </InsidePageBoundary>
  );
}

/** Whether a PageBoundary above will show the wait (a page needs no boundary of its own). */
export function useInsidePageBoundary(): boolean {
  return use(InsidePageBoundary);
}
