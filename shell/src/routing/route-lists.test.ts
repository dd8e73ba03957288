import { loadRouteLists, reloadRouteList, routeTable } from './route-lists';

Object.assign(globalThis, {
  __GUESTSPOT_ROUTE_SNAPSHOT__: { mfe_account: ['/login'], mfe_booking: ['/bookings'] },
});

let answers: Record<string, () => Promise<Response>>;
const fetchMock = jest.fn((input: RequestInfo | URL) => {
  const answer = answers[String(input)];
  return answer ? answer() : Promise.reject(new TypeError('Failed to fetch'));
});

beforeEach(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchMock.mockClear();
  answers = {};
});
afterEach(() => jest.restoreAllMocks());

describe('route lists', () => {
  it("reads each remote's routes.json beside its manifest, revalidated, with the load deadline", async () => {
    answers['http://127.0.0.1:3002/routes.json'] = async () =>
      Response.json({ routes: ['/bookings', '/bookings/:id'] });
    answers['https://cdn.example/marketplace/v2/routes.json'] = async () =>
      Response.json({ routes: ['/', '/:guestId'] });
    loadRouteLists(
      new Map([
        ['mfe_booking', 'http://127.0.0.1:3002/mf-manifest.json'],
        ['mfe_marketplace', 'https://cdn.example/marketplace/v2/mf-manifest.json'],
      ]),
    );
    const table = await routeTable();
    expect(table.ownerOf('/bookings/12')).toBe('mfe_booking');
    expect(table.ownerOf('/jane')).toBe('mfe_marketplace');
    expect(table.published('mfe_booking')).toBe(true);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.cache).toBe('no-cache');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("falls back to the shell's build-time list, unpublished, for a remote that is down, sends a bad file or is not configured", async () => {
    answers['http://127.0.0.1:3003/routes.json'] = async () => Response.json({ routes: ['login'] });
    loadRouteLists(
      new Map([
        ['mfe_account', 'http://127.0.0.1:3003/mf-manifest.json'],
        ['mfe_booking', 'http://127.0.0.1:3002/mf-manifest.json'],
      ]),
    );
    const table = await routeTable();
    expect(table.ownerOf('/login')).toBe('mfe_account');
    expect(table.published('mfe_account')).toBe(false);
    expect(table.ownerOf('/bookings')).toBe('mfe_booking');
    expect(table.published('mfe_booking')).toBe(false);
    // Not in remotes.json and not in the snapshot: its paths are unknown.
    expect(table.published('mfe_miniview')).toBe(false);
    expect(table.ownerOf('/user-miniviews')).toBeNull();
  });

  it('tries a fetch that failed at once one more time', async () => {
    let calls = 0;
    answers['http://127.0.0.1:3004/routes.json'] = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return Response.json({ routes: ['/user-miniviews'] });
    };
    loadRouteLists(new Map([['mfe_miniview', 'http://127.0.0.1:3004/mf-manifest.json']]));
    const table = await routeTable();
    expect(calls).toBe(2);
    expect(table.published('mfe_miniview')).toBe(true);
    expect(table.ownerOf('/user-miniviews')).toBe('mfe_miniview');
  });

  it('reads one list again on Retry, with a new table', async () => {
    loadRouteLists(new Map([['mfe_booking', 'http://127.0.0.1:3002/mf-manifest.json']]));
    const before = routeTable();
    expect((await before).published('mfe_booking')).toBe(false);
    answers['http://127.0.0.1:3002/routes.json'] = async () =>
      Response.json({ routes: ['/bookings', '/payments'] });
    reloadRouteList('mfe_booking', 'http://127.0.0.1:3002/mf-manifest.json');
    const after = routeTable();
    expect(after).not.toBe(before);
    expect((await after).published('mfe_booking')).toBe(true);
    expect((await after).ownerOf('/payments')).toBe('mfe_booking');
  });

  it('answers at once who serves a path (links shown before the lists are in): by the snapshot, then by the last table ready', async () => {
    let lists: typeof import('./route-lists') | undefined;
    await jest.isolateModulesAsync(async () => {
      lists = await import('./route-lists');
    });
    if (!lists) throw new Error('route-lists did not load');
    const url = 'http://127.0.0.1:3002/routes.json';
    let answer: (routes: string[]) => void = () => undefined;
    answers[url] = () =>
      new Promise((resolve) => (answer = (routes) => resolve(Response.json({ routes }))));
    const listener = jest.fn();
    lists.subscribeRouteTable(listener);
    lists.loadRouteLists(new Map([['mfe_booking', 'http://127.0.0.1:3002/mf-manifest.json']]));

    // Not ready yet: the build-time snapshot says who serves what.
    expect(lists.currentOwnerOf()('/bookings')).toBe('mfe_booking');
    expect(lists.currentOwnerOf()('/payments')).toBeNull();
    listener.mockClear();
    answer(['/bookings', '/payments']);
    await lists.routeTable();
    expect(listener).toHaveBeenCalled();
    expect(lists.currentOwnerOf()('/payments')).toBe('mfe_booking');

    // Read again (Retry): the last table stands until the new one is ready, then it counts.
    lists.reloadRouteList('mfe_booking', 'http://127.0.0.1:3002/mf-manifest.json');
    expect(lists.currentOwnerOf()('/payments')).toBe('mfe_booking');
    answer(['/bookings']);
    await lists.routeTable();
    expect(lists.currentOwnerOf()('/payments')).toBeNull();
  });
});
