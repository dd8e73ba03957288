import { act, fireEvent, render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { lazyPage } from '@guestspot/shared-ui';
import { registerRemotesFromConfig } from '../federation/remotes';
import { fakeRemotesFetch } from './fake-remotes';
import { preloadOnIntent } from './preload-route';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const published: Record<string, string[]> = {
  mfe_marketplace: ['/', '/guests/:guestId'],
  mfe_booking: ['/bookings'],
  mfe_account: ['/login'],
  mfe_miniview: ['/user-miniviews'],
};

const profileChunk = jest.fn(() => Promise.resolve({ ProfilePage: () => <h1>A profile</h1> }));
const prefetch = jest.fn();
let stop = () => {};

beforeEach(async () => {
  jest.useFakeTimers();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fakeRemotesFetch(() => published));
  await registerRemotesFromConfig();
  const ProfilePage = lazyPage(profileChunk, 'ProfilePage');
  jest.mocked(loadRemote).mockResolvedValue({
    routes: [{ path: '/guests/:guestId', element: <ProfilePage />, handle: { prefetch } }],
  });
  jest.mocked(loadRemote).mockClear();
  profileChunk.mockClear();
  prefetch.mockClear();
  stop = preloadOnIntent();
});
afterEach(() => {
  stop();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderLinks() {
  render(
    <nav>
      <a href="/guests/maya-brooks">Maya Brooks</a>
      <a href="/guests/sam-lee">Sam Lee</a>
      <a href="/guests/ana-diaz">Ana Diaz</a>
      <a href="https://elsewhere.example/guests/1">Elsewhere</a>
    </nav>,
  );
}

/** Lets the preload's promises (route table, routes module, chunk) settle. */
const settle = () => act(() => jest.runOnlyPendingTimersAsync());

describe('preloading a page on intent', () => {
  it("a press on a link loads the page's code and starts its queries, once", async () => {
    renderLinks();
    const link = screen.getByRole('link', { name: 'Maya Brooks' });
    fireEvent.pointerDown(link);
    fireEvent.pointerDown(link);
    await settle();
    expect(loadRemote).toHaveBeenCalledWith('mfe_marketplace/routes');
    expect(profileChunk).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith({ guestId: 'maya-brooks' });
  });

  it('a mouse resting on a link preloads it; one passing over it does not', async () => {
    renderLinks();
    const passing = screen.getByRole('link', { name: 'Sam Lee' });
    fireEvent.mouseOver(passing);
    await act(() => jest.advanceTimersByTimeAsync(40));
    fireEvent.mouseOut(passing);
    await settle();
    expect(prefetch).not.toHaveBeenCalled();

    fireEvent.mouseOver(screen.getByRole('link', { name: 'Ana Diaz' }));
    await act(() => jest.advanceTimersByTimeAsync(100));
    await settle();
    expect(prefetch).toHaveBeenCalledWith({ guestId: 'ana-diaz' });
  });

  it("leaves other sites' links alone", async () => {
    renderLinks();
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Elsewhere' }));
    await settle();
    expect(loadRemote).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
