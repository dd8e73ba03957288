import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { User } from '@guestspot/shared-api';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import {
  closeSubscribeDialog,
  openSubscribeDialog,
  useSubscribeDialogStore,
} from '@guestspot/shared-ui';
import { loadRemoteModule, RemoteUnavailableError } from '../federation/load-remote';
import { SubscribeDialog } from './subscribe-dialog';

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
const subscribed = makeUser({ account_type: 'pro' });

/** mfe-account's './subscribe-dialog', as the host sees it. */
function SubscribeDialogContent({ onSubscribed }: { onSubscribed: (user: User) => void }) {
  return (
    <form aria-label="Subscribe to Pro" onSubmit={(event) => event.preventDefault()}>
      <button type="submit" onClick={() => onSubscribed(subscribed)}>
        Unlock Pro Now
      </button>
    </form>
  );
}

beforeEach(() => {
  setSession(makeUser({ account_type: 'standard' }));
  mockedLoad.mockReset();
  mockedLoad.mockReturnValue(Promise.resolve({ SubscribeDialogContent }));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => closeSubscribeDialog());
  jest.restoreAllMocks();
});

async function open(options?: Parameters<typeof openSubscribeDialog>[0]) {
  // The dialog suspends on use(): an async act lets it settle.
  await act(async () => openSubscribeDialog(options));
}

describe('the Subscribe dialog the shell hosts', () => {
  it('loads nothing until opened, then shows mfe-account’s form; subscribing closes it and tells the opener', async () => {
    const onSubscribed = jest.fn();
    renderWithProviders(<SubscribeDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockedLoad).not.toHaveBeenCalled();

    await open({ onSubscribed });
    const dialog = await screen.findByRole('dialog', { name: 'Go Pro' });
    expect(await screen.findByRole('form', { name: 'Subscribe to Pro' })).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('mfe_account', 'subscribe-dialog');
    expect(await axe(document.body)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Unlock Pro Now' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(onSubscribed).toHaveBeenCalledWith(subscribed);
    expect(useSubscribeDialogStore.getState().open).toBe(false);
  });

  it('closes with Escape without subscribing, and opens again', async () => {
    const onSubscribed = jest.fn();
    renderWithProviders(<SubscribeDialog />);
    await open({ onSubscribed });
    await screen.findByRole('form', { name: 'Subscribe to Pro' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSubscribeDialogStore.getState().open).toBe(false);
    expect(onSubscribed).not.toHaveBeenCalled();

    await open();
    expect(await screen.findByRole('dialog', { name: 'Go Pro' })).toBeInTheDocument();
  });

  it('closes when its page is left', async () => {
    const { router } = renderWithProviders(<SubscribeDialog />, { route: '/miniviews-create' });
    await open();
    expect(await screen.findByRole('dialog', { name: 'Go Pro' })).toBeInTheDocument();
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useSubscribeDialogStore.getState().open).toBe(false);
  });

  it('says the form is unavailable with Retry when mfe-account cannot be loaded', async () => {
    const failed = Promise.reject(new RemoteUnavailableError('mfe_account'));
    failed.catch(() => undefined);
    mockedLoad.mockReturnValue(failed);
    renderWithProviders(<SubscribeDialog />);
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Go Pro' });
    expect(
      await screen.findByRole('heading', { name: 'Account card is unavailable right now.' }),
    ).toBeInTheDocument();

    mockedLoad.mockReturnValue(Promise.resolve({ SubscribeDialogContent }));
    // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: Retry suspends on use()
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('form', { name: 'Subscribe to Pro' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});
