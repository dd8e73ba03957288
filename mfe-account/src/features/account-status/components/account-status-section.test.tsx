import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  useCurrentUser,
  useLoginConfirmationStore,
  useSessionStore,
  type User,
} from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, toast } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../components/settings';
import { AccountStatusSection } from './account-status-section';

setupMswServer();

const PAUSE = '*/api/v1/users/me/account/pause';
const RESUME = '*/api/v1/users/me/account/resume';
const DELETE = '*/api/v1/users/me/account/delete';
const notConfirmed = () => HttpResponse.json({ message: 'Login not confirmed.' }, { status: 428 });

function Connected() {
  const user = useCurrentUser();
  return user ? <AccountStatusSection user={user} access={settingsAccess(user)} /> : null;
}

function renderSection(user: User) {
  setSession(user);
  return renderWithProviders(
    <>
      <Connected />
      <ConfirmHost />
      <ToastHost />
    </>,
    { routes: [{ path: '/', element: <p>Home page</p> }], route: '/settings', path: '/settings' },
  );
}

/** Stands in for the shell's password modal: answers every request with `confirmed`. */
function answerLoginConfirmation(confirmed: boolean) {
  const asked = jest.fn();
  const unsubscribe = useLoginConfirmationStore.subscribe((state) => {
    if (state.open) {
      asked();
      queueMicrotask(() => act(() => useLoginConfirmationStore.getState().finish(confirmed)));
    }
  });
  return { asked, unsubscribe };
}

let stopAnswering: () => void = () => undefined;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  toast.clear();
  useLoginConfirmationStore.setState({ open: false, resolve: null });
});
afterEach(() => stopAnswering());

async function pause() {
  await userEvent.click(screen.getByRole('button', { name: 'Pause account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pause your account?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pause account' }));
}

describe('Account status', () => {
  it('shows Active with Pause account, and the delete row', async () => {
    const { container } = renderSection(makeUser());
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("pauses after confirming the password on a 428, retries, says 'Account paused!' and refetches the user", async () => {
    const answer = answerLoginConfirmation(true);
    stopAnswering = answer.unsubscribe;
    let calls = 0;
    server.use(
      http.patch(PAUSE, () => {
        calls += 1;
        return calls === 1
          ? notConfirmed()
          : HttpResponse.json({ data: makeUser({ status: 'paused' }) });
      }),
      http.get('*/api/v1/users/me', () =>
        HttpResponse.json({ data: makeUser({ status: 'paused' }) }),
      ),
    );
    renderSection(makeUser());
    await pause();
    expect(await screen.findByText('Account paused!')).toBeInTheDocument();
    expect(answer.asked).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume account' })).toBeInTheDocument();
  });

  it("says 'Login not confirmed.' when the password confirmation is cancelled", async () => {
    const answer = answerLoginConfirmation(false);
    stopAnswering = answer.unsubscribe;
    let calls = 0;
    server.use(
      http.patch(PAUSE, () => {
        calls += 1;
        return notConfirmed();
      }),
    );
    renderSection(makeUser());
    await pause();
    expect(await screen.findByText('Login not confirmed.')).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it("resumes: 'Account resumed!'; a failure says 'Error! Something went wrong.'", async () => {
    let fail = true;
    server.use(
      http.patch(RESUME, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: makeUser() }),
      ),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: makeUser() })),
    );
    renderSection(makeUser({ status: 'paused' }));
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume account' }));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Resume account' }));
    expect(await screen.findByText('Account resumed!')).toBeInTheDocument();
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('hides the actions from an agency member acting as the owner', () => {
    renderSection(
      makeUser({
        impersonator: { id: 5, name: 'Jordan Blake', is_admin: false, team_role: 'agency' },
      }),
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
  });

  describe('Delete account', () => {
    async function openAndType(word = 'DELETE') {
      await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      const submit = within(dialog).getByRole('button', { name: 'Delete account' });
      expect(submit).toBeDisabled();
      await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), word);
      return { dialog, submit };
    }

    it('needs the word typed; after reconfirming the password it logs out and goes Home', async () => {
      const answer = answerLoginConfirmation(true);
      stopAnswering = answer.unsubscribe;
      let calls = 0;
      let loggedOut = false;
      server.use(
        http.delete(DELETE, () => {
          calls += 1;
          return calls === 1
            ? notConfirmed()
            : HttpResponse.json({ message: 'Your account was deleted.' });
        }),
        http.post('*/api/v1/auth/logout', () => {
          loggedOut = true;
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const { router } = renderSection(makeUser());
      const partial = await openAndType('DELE');
      expect(partial.submit).toBeDisabled();
      await userEvent.type(within(partial.dialog).getByLabelText('Type DELETE to confirm'), 'TE');
      expect(partial.submit).toBeEnabled();
      await userEvent.click(partial.submit);

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.getByText('Home page')).toBeInTheDocument();
      expect(answer.asked).toHaveBeenCalledTimes(1);
      expect(calls).toBe(2);
      expect(loggedOut).toBe(true);
      expect(useSessionStore.getState()).toMatchObject({ authenticated: false, user: null });
    });

    it("shows the server's message when the deletion fails, else 'Error! Something went wrong.'", async () => {
      let response = () =>
        HttpResponse.json(
          { message: 'Your account cannot be deleted right now.' },
          { status: 422 },
        );
      server.use(http.delete(DELETE, () => response()));
      const { router } = renderSection(makeUser());
      const { dialog, submit } = await openAndType();
      await userEvent.click(submit);
      expect(
        await within(dialog).findByText('Your account cannot be deleted right now.'),
      ).toBeInTheDocument();

      response = () => new HttpResponse(null, { status: 500 });
      await userEvent.click(submit);
      expect(await within(dialog).findByText('Error! Something went wrong.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/settings');
      expect(useSessionStore.getState().authenticated).toBe(true);
    });

    it("says 'Login not confirmed.' when the confirmation is cancelled, and keeps the account", async () => {
      const answer = answerLoginConfirmation(false);
      stopAnswering = answer.unsubscribe;
      server.use(http.delete(DELETE, notConfirmed));
      renderSection(makeUser());
      const { dialog, submit } = await openAndType();
      await userEvent.click(submit);
      expect(await within(dialog).findByText('Login not confirmed.')).toBeInTheDocument();
      expect(useSessionStore.getState().authenticated).toBe(true);
    });
  });
});
