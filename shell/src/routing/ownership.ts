import { matchRoutes } from 'react-router-dom';
import { isReservedPathSegment } from '@guestspot/shared-api/reserved-paths';
import type { RemoteName } from '../federation/remotes';

export type Owner = RemoteName | 'shell';

/** The path patterns each remote serves, as it publishes them in its routes.json (decision 070). */
export type RouteLists = Partial<Record<RemoteName, readonly string[]>>;

/** The shell's own pages (app.tsx). */
export const shellPaths: readonly string[] = ['/dashboard', '/404-not-found', '/403-forbidden'];

/**
 * Which app owns a pathname, from the remotes' published route lists: the shell needs it to load
 * the one remote a URL belongs to and no other. All patterns of all apps are ranked together with
 * React Router's own `matchRoutes`, so the most specific pattern wins exactly as it would in one
 * router (/guests/:guestId is mfe-marketplace's over its catch-all /:guestId; a remote's static
 * /login beats it too). Two apps publishing the very same pattern: the shell, then the first
 * remote listed, wins. A path whose first segment is one of the site's own (reserved-paths,
 * decision 108: /messages, /payments, …) is never taken by a pattern that starts with a
 * parameter: it is the page of whoever publishes it, else no one's (the not-found page), never
 * a profile.
 */
export function createOwnership(lists: RouteLists): (pathname: string) => Owner | null {
  const match = createRouteMatcher(lists);
  return (pathname) => match(pathname)?.owner ?? null;
}

/**
 * The same ranking, answering the pattern that won as well: the site's server uses it to preload
 * the chunks of the page a URL opens (shell/server/page-hints.mjs).
 */
export function createRouteMatcher(
  lists: RouteLists,
): (pathname: string) => { owner: Owner; pattern: string } | null {
  const table = [
    ...shellPaths.map((path) => ({ path, owner: 'shell' as Owner })),
    ...(Object.entries(lists) as [RemoteName, readonly string[]][]).flatMap(([owner, paths]) =>
      paths.map((path) => ({ path, owner: owner as Owner })),
    ),
  ];
  const staticFirst = table.filter(({ path }) => !/^\/[:*]/.test(path));
  return (pathname) => {
    const reserved = isReservedPathSegment(pathname.split('/')[1] ?? '');
    const matches = matchRoutes(reserved ? staticFirst : table, pathname);
    const match = matches?.[matches.length - 1];
    return match ? { owner: match.route.owner, pattern: match.route.path } : null;
  };
}
