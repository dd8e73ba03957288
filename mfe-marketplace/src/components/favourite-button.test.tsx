import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useLoginModalStore, useProFeatureDialogStore, useToastStore } from '@guestspot/shared-ui';
import { FavouriteButton } from './favourite-button';

setupMswServer();
beforeEach(() => {
  setSession(makeUser());
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
  useToastStore.setState({ toasts: [] });
  useLoginModalStore.setState({ open: false, redirect: null });
  useProFeatureDialogStore.setState({ open: false, message: undefined });
});

function renderButton(favourited = false) {
  return renderWithProviders(
    <FavouriteButton
      type="guests"
      id={7}
      name="Ada Lovelace"
      favourited={favourited}
      redirect="/guests/ada"
    />,
  );
}

describe('FavouriteButton', () => {
  it('flips from the server answer and is disabled while the call is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    server.use(
      http.put('*/api/v1/favorites/guests/7', async ({ request }) => {
        calls.push(request.method);
        await gate;
        return HttpResponse.json({ is_favorited: true });
      }),
    );
    const { container } = renderButton();
    const button = screen.getByRole('button', { name: 'Favourite Ada Lovelace' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    release();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toBeEnabled();
    expect(calls).toEqual(['PUT']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('follows the server even when it disagrees with a click (already unfavourited elsewhere)', async () => {
    server.use(
      http.put('*/api/v1/favorites/guests/7', () => HttpResponse.json({ is_favorited: true })),
    );
    renderButton(true);
    const button = screen.getByRole('button', { name: 'Favourite Ada Lovelace' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the login dialog for visitors, with the redirect, and calls nothing', async () => {
    setSession(null);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Favourite Ada Lovelace' }));
    expect(useLoginModalStore.getState()).toMatchObject({ open: true, redirect: '/guests/ada' });
  });

  it('shows the wishlist limit and the Pro upgrade prompt when the server refuses', async () => {
    server.use(
      http.put('*/api/v1/favorites/guests/7', () =>
        HttpResponse.json({ message: 'You reached the limit of 10 people' }, { status: 426 }),
      ),
    );
    renderButton();
    const button = screen.getByRole('button', { name: 'Favourite Ada Lovelace' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.message).toBe(
        'You reached the limit of 10 people',
      ),
    );
    expect(useProFeatureDialogStore.getState()).toMatchObject({
      open: true,
      message: 'You reached the limit of 10 people',
    });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toBeEnabled();
  });

  it('shows the server message on other failures without the upgrade prompt', async () => {
    server.use(
      http.put('*/api/v1/favorites/guests/7', () =>
        HttpResponse.json({ message: 'Profile not found.' }, { status: 404 }),
      ),
    );
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Favourite Ada Lovelace' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.message).toBe('Profile not found.'),
    );
    expect(useProFeatureDialogStore.getState().open).toBe(false);
  });
});
