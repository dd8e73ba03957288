import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { RemoteRoutesModule, RouteHandle } from '@guestspot/shared-api';
import { loadRemoteModule } from '../federation/load-remote';
import { routeTable } from './route-lists';

/** What a lazyPage element's component offers (shared-ui lazy-page.tsx). */
type Preloadable = { preload?: () => Promise<unknown> };

const started = new Set<string>();

/** The owning remote's routes that match `pathname` (loading that remote's route objects). */
async function remoteMatches(pathname: string) {
  const owner = (await routeTable()).ownerOf(pathname);
  if (!owner || owner === 'shell') return [];
  const { routes } = await loadRemoteModule<RemoteRoutesModule>(owner, 'routes');
  return matchRoutes(routes, pathname) ?? [];
}

/** Starts loading the code of each matched route's page (a lazyPage's chunk). */
function loadPages(matches: Awaited<ReturnType<typeof remoteMatches>>): Promise<unknown>[] {
  return matches.flatMap(({ route }) => {
    const element = route.element;
    const page = isValidElement(element) ? (element.type as Preloadable).preload?.() : undefined;
    return page ? [page] : [];
  });
}

/**
 * The code of the page at `pathname`, and nothing else (its data is not asked for): the owning
 * remote's routes and the page's chunk. Settles when they have loaded, or failed.
 */
export async function loadPageCode(pathname: string): Promise<void> {
  await Promise.allSettled(loadPages(await remoteMatches(pathname)));
}

/**
 * Gets a page ready before its link is followed (decision 083): the owning remote's routes, the
 * page's code (a lazyPage's chunk) and its first queries (the route handle's `prefetch`). Each
 * URL once per page view; failures are left for the navigation itself to show.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (started.has(pathname)) return;
  started.add(pathname);
  try {
    const matches = await remoteMatches(pathname);
    for (const page of loadPages(matches)) page.catch(() => {});
    for (const { route, params } of matches) {
      (route.handle as RouteHandle | undefined)?.prefetch?.(params);
    }
  } catch {
    started.delete(pathname);
  }
}

/** The site's own path of a link the user is about to follow, if it is one. */
function internalPath(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.download) {
    return null;
  }
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) {
    return null;
  }
  return url.pathname;
}

/** A pointer resting this long on a link means to follow it (passing over it does not). */
const HOVER_INTENT_MS = 80;

/**
 * Preloads a link's page on intent: a touch or a press (at once), keyboard focus, or a mouse
 * resting on it. Started once by the shell; every remote's links are covered.
 */
export function preloadOnIntent(root: Document = document): () => void {
  let hover: ReturnType<typeof setTimeout> | undefined;
  const now = (event: Event) => {
    const path = internalPath(event.target);
    if (path) void preloadRoute(path);
  };
  const over = (event: Event) => {
    clearTimeout(hover);
    const path = internalPath(event.target);
    if (path) hover = setTimeout(() => void preloadRoute(path), HOVER_INTENT_MS);
  };
  const out = () => clearTimeout(hover);
  const options = { capture: true, passive: true };
  root.addEventListener('pointerdown', now, options);
  root.addEventListener('focusin', now, options);
  root.addEventListener('mouseover', over, options);
  root.addEventListener('mouseout', out, options);
  return () => {
    clearTimeout(hover);
    root.removeEventListener('pointerdown', now, options);
    root.removeEventListener('focusin', now, options);
    root.removeEventListener('mouseover', over, options);
    root.removeEventListener('mouseout', out, options);
  };
}
