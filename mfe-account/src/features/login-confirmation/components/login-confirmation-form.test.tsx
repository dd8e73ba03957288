import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast, useToastStore } from '@guestspot/shared-ui';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { LoginConfirmationForm } from './login-confirmation-form';

setupMswServer();
beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
  document.cookie = 'login_confirmed=; Max-Age=0; path=/';
  toast.clear();
});
afterEach(() => jest.useRealTimers());

describe('the password reconfirmation form', () => {
  it('confirms with the password', async () => {
    const onDone = jest.fn();
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/confirm-login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Login confirmed.' });
      }),
    );
    renderWithProviders(<LoginConfirmationForm onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Password123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(body).toEqual({ password: 'Password123' });
  });

  it('requires the password', async () => {
    renderWithProviders(<LoginConfirmationForm onDone={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirm password is required')).toBeInTheDocument();
  });

  it('shows the server’s field error on a wrong password', async () => {
    const onDone = jest.fn();
    server.use(
      http.post('*/api/v1/auth/confirm-login', () =>
        HttpResponse.json(
          {
            message: 'The provided password is incorrect.',
            errors: { password: ['The provided password is incorrect.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderWithProviders(<LoginConfirmationForm onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('Confirm password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The provided password is incorrect.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('toasts the spec’s message when the server does not answer', async () => {
    server.use(http.post('*/api/v1/auth/confirm-login', () => HttpResponse.error()));
    renderWithProviders(<LoginConfirmationForm onDone={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Password123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((item) => item.message)).toContain(
        'Sorry. An error ocured.',
      ),
    );
  });

  it('Cancel answers false', async () => {
    const onDone = jest.fn();
    renderWithProviders(<LoginConfirmationForm onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('social: opens the confirm popup, counts down and succeeds when the cookie appears', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const open = jest
      .spyOn(window, 'open')
      .mockReturnValue({ close: jest.fn() } as unknown as Window);
    const onDone = jest.fn();
    renderWithProviders(<LoginConfirmationForm onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(open.mock.calls[0]?.[0]).toBe('/api/v1/auth/login/google?purpose=confirm');
    expect(screen.getByRole('status')).toHaveTextContent('120 seconds left');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('117 seconds left');
    document.cookie = 'login_confirmed=1; path=/';
    act(() => jest.advanceTimersByTime(1000));
    expect(onDone).toHaveBeenCalledWith(true);
    open.mockRestore();
  });

  it('social: fails with the spec’s message after 120 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const open = jest
      .spyOn(window, 'open')
      .mockReturnValue({ close: jest.fn() } as unknown as Window);
    const onDone = jest.fn();
    renderWithProviders(<LoginConfirmationForm onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Facebook' }));
    expect(open.mock.calls[0]?.[0]).toBe('/api/v1/auth/login/facebook?purpose=confirm');
    act(() => jest.advanceTimersByTime(119_000));
    expect(screen.queryByText('The social login confirmation failed.')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_100));
    expect(screen.getByRole('alert')).toHaveTextContent('The social login confirmation failed.');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeEnabled();
    open.mockRestore();
  });
});
