import { lazy, Suspense, type ComponentType } from 'react';
import { useInsidePageBoundary } from './page-boundary';
import { PageLoading } from './page-loading';

/** A page component whose code is its own chunk, loaded with the first render (or `preload()`). */
export type LazyPage<P> = ComponentType<P> & {
  /**
   * Starts loading the page's chunk (idempotent). Links may call it on hover or focus; the
   * remotes' build calls it to learn which chunk serves each route (routes.json, decision 075).
   */
  preload(): Promise<unknown>;
};

/**
 * One page of a remote as its own chunk. Below a PageBoundary (the shell's and the standalone
 * app's outlets) the boundary shows the wait; anywhere else the page has a spinner of its own:
 *
 *   const LoginPage = lazyPage(() => import('./features/auth/components/login-page'), 'LoginPage');
 *   { path: '/login', element: <LoginPage /> }
 *
 * The `import()` must be written in the route table itself (routes.tsx), one per page: the build
 * maps each route to that import's chunk so that the site's server can preload it with the HTML.
 */
/** How each page whose chunk failed gets a new chance (retryFailedPages). */
const failedPages = new Set<() => void>();

/**
 * Lets every page whose chunk failed to load try again on its next render: an error boundary's
 * Retry calls it before it remounts its area (the shell's RemoteBoundary does).
 */
export function retryFailedPages(): void {
  for (const retry of failedPages) retry();
  failedPages.clear();
}

export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K] extends ComponentType<infer P> ? P : never> {
  type P = M[K] extends ComponentType<infer Props> ? Props : never;
  let loading: Promise<M> | undefined;
  const lazyComponent = () =>
    lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }));
  let Page = lazyComponent();
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk (network) is fetched again by the next preload. The page keeps its
      // failure until a Retry (React.lazy keeps it for good, so a retry gets a new one): were it
      // replaced at once, a navigation waiting for it would render it again and wait forever.
      loading = undefined;
      failedPages.add(() => {
        Page = lazyComponent();
      });
      throw error;
    });
    return loading;
  };
  function LazyPageElement(props: P & object) {
    // A boundary of its own would be a new one on every navigation, which shows its spinner.
    if (useInsidePageBoundary()) return <Page {...props} />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPageElement.displayName = `lazyPage(${String(name)})`;
  return Object.assign(LazyPageElement as ComponentType<P>, { preload });
}
