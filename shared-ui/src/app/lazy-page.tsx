import { lazy, Suspense, type ComponentType } from 'react';
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
 * One page of a remote as its own chunk, shown with the shared page spinner while it arrives:
 *
 *   const LoginPage = lazyPage(() => import('./features/auth/components/login-page'), 'LoginPage');
 *   { path: '/login', element: <LoginPage /> }
 *
 * The `import()` must be written in the route table itself (routes.tsx), one per page: the build
 * maps each route to that import's chunk so that the site's server can preload it with the HTML.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K] extends ComponentType<infer P> ? P : never> {
  type P = M[K] extends ComponentType<infer Props> ? Props : never;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk (network) is fetched again by the next try; React.lazy keeps its failure
      // for good, so the next render (the boundary's Retry) gets a new one.
      loading = undefined;
      Page = lazyComponent();
      throw error;
    });
    return loading;
  };
  const lazyComponent = () =>
    lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }));
  let Page = lazyComponent();
  function LazyPageElement(props: P & object) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPageElement.displayName = `lazyPage(${String(name)})`;
  return Object.assign(LazyPageElement as ComponentType<P>, { preload });
}
