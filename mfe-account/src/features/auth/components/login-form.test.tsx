import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { LoginForm } from './login-form';

setupMswServer();
beforeEach(() => {
  setSession(null);
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

describe('the login form', () => {
  it('requires the email and the password', async () => {
    const { container } = renderWithProviders(<LoginForm onSuccess={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('signs in with remember me and hands over the user', async () => {
    const user = makeUser();
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: user });
      }),
    );
    const onSuccess = jest.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@guestspot.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Password123');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
    expect(body).toEqual({
      device: 'spa',
      email: 'ada@guestspot.test',
      password: 'Password123',
      remember_me: true,
    });
    expect(useSessionStore.getState().authenticated).toBe(true);
  });

  it('shows the server message and field error, and clears the password, on failure', async () => {
    const message = 'These credentials do not match our records.';
    server.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json({ message, errors: { email: [message] } }, { status: 422 }),
      ),
    );
    const onSuccess = jest.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@guestspot.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@guestspot.test');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(useSessionStore.getState().authenticated).toBe(false);
  });

  it('disables Sign In while the request is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/v1/auth/login', async () => {
        await gate;
        return HttpResponse.json({ data: makeUser() });
      }),
    );
    renderWithProviders(<LoginForm onSuccess={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@guestspot.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Password123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign In/ })).toBeDisabled());
    release();
    await waitFor(() => expect(useSessionStore.getState().authenticated).toBe(true));
  });
});
