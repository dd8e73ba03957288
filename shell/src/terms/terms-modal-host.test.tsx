import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ToastHost } from '@guestspot/shared-ui';
import { axe } from 'jest-axe';
import { loadRemoteModule, RemoteUnavailableError } from '../federation/load-remote';
import { mustAcceptTerms, TermsModalHost } from './terms-modal-host';

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

function TermsDocument() {
  return <p>1. Acceptance of These Terms</p>;
}

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  mockedLoad.mockReset();
  mockedLoad.mockReturnValue(Promise.resolve({ TermsDocument }));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function renderHost(route = '/dashboard') {
  let result: ReturnType<typeof renderWithProviders> | undefined;
  // eslint-disable-next-line testing-library/no-unnecessary-act -- needed: the render suspends on use()
  await act(async () => {
    result = renderWithProviders(
      <>
        <TermsModalHost />
        <ToastHost />
      </>,
      { route },
    );
  });
  return result as ReturnType<typeof renderWithProviders>;
}

describe('the terms modal', () => {
  it('blocks a user who has not accepted the terms until Accept', async () => {
    setSession(makeUser({ terms_accepted_at: null }));
    let approved = 0;
    server.use(
      http.post('*/api/v1/user/terms/approve', () => {
        approved += 1;
        return HttpResponse.json({
          data: makeUser({ terms_accepted_at: '2024-10-26T10:00:00.000Z' }),
        });
      }),
    );
    await renderHost();

    const dialog = screen.getByRole('dialog', { name: 'Terms of Service' });
    expect(await screen.findByText('1. Acceptance of These Terms')).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('mfe_account', 'terms');
    expect(await axe(document.body)).toHaveNoViolations();
    // No way to dismiss it.
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(approved).toBe(1);
    expect(useSessionStore.getState().user?.terms_accepted_at).toBe('2024-10-26T10:00:00.000Z');
  });

  it('keeps the modal open and says why when accepting fails', async () => {
    setSession(makeUser({ terms_accepted_at: null }));
    server.use(
      http.post('*/api/v1/user/terms/approve', () =>
        HttpResponse.json({ message: 'Your account is paused.' }, { status: 422 }),
      ),
    );
    await renderHost();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Your account is paused.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('falls back to the generic message when the server gives none', async () => {
    setSession(makeUser({ terms_accepted_at: null }));
    server.use(http.post('*/api/v1/user/terms/approve', () => HttpResponse.error()));
    await renderHost();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
  });

  it('says the terms are unavailable and does not let the user accept unseen terms', async () => {
    setSession(makeUser({ terms_accepted_at: null }));
    const failed = Promise.reject(new RemoteUnavailableError('mfe_account'));
    failed.catch(() => undefined);
    mockedLoad.mockReturnValue(failed);
    await renderHost();
    expect(
      await screen.findByRole('heading', { name: 'Account card is unavailable right now.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
  });

  it('is not shown to users who accepted, to visitors, to pending users, to an impersonator, or on the terms page', async () => {
    setSession(makeUser({ terms_accepted_at: '2024-10-26T10:00:00.000Z' }));
    await renderHost();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(mustAcceptTerms(null, '/')).toBe(false);
    expect(mustAcceptTerms(makeUser({ terms_accepted_at: null, status: 'pending' }), '/')).toBe(
      false,
    );
    const user = makeUser({ terms_accepted_at: null });
    expect(mustAcceptTerms(user, '/terms-and-conditions')).toBe(false);
    expect(mustAcceptTerms(user, '/logout')).toBe(false);
    expect(mustAcceptTerms(user, '/bookings')).toBe(true);
    // Answering a MINIVIEW needs no account, so an unfinished one is not held back (decision 088).
    const uuid = '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30';
    expect(mustAcceptTerms(user, `/miniviews/${uuid}`)).toBe(false);
    expect(mustAcceptTerms(user, `/miniviews/${uuid}/questions`)).toBe(false);
    expect(mustAcceptTerms(user, '/user-miniviews')).toBe(true);
    expect(
      mustAcceptTerms(
        makeUser({
          terms_accepted_at: null,
          impersonator: { id: 9, name: 'Ada Admin', is_admin: true, team_role: null },
        }),
        '/bookings',
      ),
    ).toBe(false);
  });
});
