import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { registerRemotesFromConfig } from '../federation/remotes';
import { fakeRemotesFetch } from './fake-remotes';
import { RemoteOutlet } from './remote-outlet';

/** React 19: a render that suspends on a promise must happen inside an awaited act(). */
async function renderOutlet(options: Parameters<typeof renderWithProviders>[1]) {
  let result: ReturnType<typeof renderWithProviders> | undefined;
  // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: the render suspends on use()
  await act(async () => {
    result = renderWithProviders(<RemoteOutlet />, options);
  });
  return result as ReturnType<typeof renderWithProviders>;
}

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const mockedLoadRemote = jest.mocked(loadRemote);

// The build's snapshot of the remotes' lists (webpack.federation.cjs), for a remote that is down.
Object.assign(globalThis, {
  __GUESTSPOT_ROUTE_SNAPSHOT__: { mfe_booking: ['/bookings', '/payments'] },
});

/** What each remote publishes in its routes.json (decision 070); null: the remote is down. */
let published: Record<string, string[] | null>;
beforeEach(async () => {
  published = {
    mfe_marketplace: ['/', '/browse', '/:guestId'],
    mfe_booking: ['/bookings', '/payments'],
    mfe_account: ['/login', '/settings'],
    mfe_miniview: ['/user-miniviews'],
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation(fakeRemotesFetch(() => published));
  await registerRemotesFromConfig();
  setSession(null);
  mockedLoadRemote.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteOutlet', () => {
  it("renders the owning remote's route", async () => {
    mockedLoadRemote.mockResolvedValue({
      routes: [{ path: '/browse', element: <p>Browse page</p> }],
    });
    await renderOutlet({ route: '/browse' });
    expect(await screen.findByText('Browse page')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_marketplace/routes');
  });

  it('says the remote is unavailable when it cannot load, and Retry loads it again', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('manifest 502'));
    await renderOutlet({ route: '/payments' });
    expect(
      await screen.findByRole('heading', { name: 'Bookings is unavailable right now.' }),
    ).toBeInTheDocument();
    // Rendering again must not start a new load: the failure is kept until Retry.
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);

    mockedLoadRemote.mockResolvedValue({
      routes: [{ path: '/payments', element: <p>Payments page</p> }],
    });
    // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: Retry suspends on use()
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('Payments page')).toBeInTheDocument();
  });

  it('guards the route by its handle', async () => {
    // (another remote than above: loaded modules stay cached for the test file)
    mockedLoadRemote.mockResolvedValue({
      routes: [{ path: '/settings', element: <p>Settings page</p>, handle: { access: 'auth' } }],
    });
    const { router } = await renderOutlet({
      route: '/settings',
      routes: [{ path: '/login', element: <p>Login page</p> }],
    });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says a remote is unavailable without loading it when it could not publish its routes, and Retry reads them again', async () => {
    published.mfe_booking = null;
    await registerRemotesFromConfig();
    await renderOutlet({ route: '/bookings' });
    expect(
      await screen.findByRole('heading', { name: 'Bookings is unavailable right now.' }),
    ).toBeInTheDocument();
    // Its manifest would fail the same way: not asked for.
    expect(mockedLoadRemote).not.toHaveBeenCalled();

    published.mfe_booking = ['/bookings'];
    mockedLoadRemote.mockResolvedValue({
      routes: [{ path: '/bookings', element: <p>Bookings page</p> }],
    });
    // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: Retry suspends on use()
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('Bookings page')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_booking/routes');
  });

  it('serves a route a remote adds to its routes.json, with no change to the shell', async () => {
    published.mfe_miniview = ['/user-miniviews', '/miniviews-new'];
    await registerRemotesFromConfig();
    mockedLoadRemote.mockResolvedValue({
      routes: [{ path: '/miniviews-new', element: <p>New MINIVIEW page</p> }],
    });
    await renderOutlet({ route: '/miniviews-new' });
    expect(await screen.findByText('New MINIVIEW page')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_miniview/routes');
  });

  it('sends an unknown path to the not-found page', async () => {
    const { router } = await renderOutlet({
      route: '/no/such/page',
      routes: [{ path: '/404-not-found', element: <p>Not found page</p> }],
    });
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404-not-found');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});
