import { init } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import {
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/resilience-plugin';
import { registerRemotesFromConfig } from '../federation/remotes';
import { RemoteWidgets } from './remote-widgets';

setupMswServer();

/** mfe-booking's server accepts the connection and never answers. */
const MANIFEST = 'http://127.0.0.1:3602/mf-manifest.json';
let manifestRequests = 0;

beforeAll(() => {
  // What the shell's build does before the app starts: the federation runtime, with no remotes.
  init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
});

beforeEach(async () => {
  // MSW settles an aborted request on a microtask: only the clocks are fake.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setSession(null);
  manifestRequests = 0;
  server.use(
    http.get('/remotes.json', () => Response.json({ remotes: { mfe_booking: MANIFEST } })),
    http.get(MANIFEST, async () => {
      manifestRequests += 1;
      await delay('infinite');
    }),
  );
  await registerRemotesFromConfig();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('RemoteWidgets of a remote that never answers', () => {
  it('shows the card as unavailable after the load timeout, and Retry loads the remote afresh', async () => {
    // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: the render suspends on use()
    await act(async () => {
      renderWithProviders(<RemoteWidgets remote="mfe_booking" />);
    });
    expect(screen.getByText('Loading profile…')).toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    const card = screen.getByRole('alert');
    expect(
      screen.getByRole('heading', { name: 'Bookings card is unavailable right now.' }),
    ).toBeInTheDocument();
    expect(manifestRequests).toBe(1);

    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: Retry suspends on use()
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(card).not.toBeInTheDocument();
    expect(screen.getByText('Loading profile…')).toBeInTheDocument();
    expect(manifestRequests).toBe(2);
  });
});
