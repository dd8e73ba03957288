import { act, screen } from '@testing-library/react';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { loadRemoteModule, RemoteUnavailableError } from '../federation/load-remote';
import { MiniviewBannerSlot, showsMiniviewBanner } from './miniview-banner-slot';

jest.mock('../federation/load-remote', () => ({
  ...jest.requireActual('../federation/load-remote'),
  loadRemoteModule: jest.fn(),
  retryRemote: jest.fn(),
}));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const mockedLoad = jest.mocked(loadRemoteModule);

/** mfe-miniview's './banner', as the slot sees it. */
function MiniviewBanner() {
  return <h2>Collect answers with MINIVIEW™</h2>;
}

beforeEach(() => {
  setSession(makeUser());
  mockedLoad.mockReset();
  mockedLoad.mockReturnValue(Promise.resolve({ MiniviewBanner }));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function renderSlot(route: string) {
  let result: ReturnType<typeof renderWithProviders> | undefined;
  // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: the render suspends on use()
  await act(async () => {
    result = renderWithProviders(<MiniviewBannerSlot />, { route });
  });
  return result as ReturnType<typeof renderWithProviders>;
}

describe('the MINIVIEW banner slot', () => {
  it('shows mfe-miniview’s banner on the pages of the signed-in area', async () => {
    await renderSlot('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Collect answers with MINIVIEW™' }),
    ).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('mfe_miniview', 'banner');
  });

  it('stays away from the MINIVIEW pages, loading nothing', async () => {
    await renderSlot('/user-miniviews/7/answers');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('is not there for a visitor', async () => {
    setSession(null);
    await renderSlot('/dashboard');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();
  });

  it('leaves the slot empty, not broken, when mfe-miniview cannot be loaded', async () => {
    const failed = Promise.reject(new RemoteUnavailableError('mfe_miniview'));
    failed.catch(() => undefined);
    mockedLoad.mockReturnValue(failed);
    await renderSlot('/settings');
    expect(mockedLoad).toHaveBeenCalledWith('mfe_miniview', 'banner');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('is on every page with the account navigation but the MINIVIEW ones', () => {
    expect(showsMiniviewBanner('/dashboard')).toBe(true);
    expect(showsMiniviewBanner('/bookings/12')).toBe(true);
    expect(showsMiniviewBanner('/settings')).toBe(true);
    expect(showsMiniviewBanner('/user-miniviews')).toBe(false);
    expect(showsMiniviewBanner('/user-miniviews/7')).toBe(false);
    expect(showsMiniviewBanner('/')).toBe(false);
    expect(showsMiniviewBanner('/miniviews-create')).toBe(false);
    expect(showsMiniviewBanner('/miniviews/6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30')).toBe(false);
  });
});
