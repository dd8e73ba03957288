// Tests only: what the remotes publish, served to the shell's fetch of remotes.json and of each
// remote's routes.json (decision 070).
import type { RemoteName } from '../federation/remotes';
import { loadRouteLists, routeTable } from './route-lists';

const origin = (port: number) => `http://127.0.0.1:${port}`;

export const fakeRemotesJson = {
  remotes: {
    mfe_marketplace: `${origin(3001)}/mf-manifest.json`,
    mfe_booking: `${origin(3002)}/mf-manifest.json`,
    mfe_account: `${origin(3003)}/mf-manifest.json`,
    mfe_miniview: `${origin(3004)}/mf-manifest.json`,
  },
};

/**
 * A fetch that answers remotes.json and each remote's routes.json from `published` (read at each
 * call, so a test may change it); a remote whose list is null is down.
 */
export function fakeRemotesFetch(published: () => Record<string, string[] | null>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    if (url.endsWith('/remotes.json')) return Response.json(fakeRemotesJson);
    const remote = Object.entries(fakeRemotesJson.remotes).find(
      ([, manifest]) => url === manifest.replace('mf-manifest.json', 'routes.json'),
    )?.[0];
    const routes = remote ? published()[remote] : null;
    if (!routes) throw new TypeError('Failed to fetch');
    return Response.json({ routes });
  };
}

/**
 * The shell's route table as if each remote had published `lists` at start (inline in the page,
 * nothing fetched), once it is ready: what links shown at once go by (currentOwnerOf).
 */
export async function publishRoutes(lists: Record<RemoteName, string[]>): Promise<void> {
  const remotes = fakeRemotesJson.remotes;
  loadRouteLists(new Map(Object.entries(remotes) as [RemoteName, string][]), lists);
  await routeTable();
}
