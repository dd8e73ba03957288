import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeGuest,
  makeShow,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useLoginModalStore, useToastStore } from '@guestspot/shared-ui';
import { ProfileActions, type ProfileActionsProps } from './profile-actions';
import { noBookingOptionsMessage } from './no-booking-options-dialog';

setupMswServer();

const viewer = makeUser({
  id: 50,
  email: 'viewer@example.com',
  first_name: 'Val',
  last_name: 'Lee',
});
const guest = makeGuest({
  id: 5,
  user_id: 9,
  slug: 'ada',
  name: 'Ada Lovelace',
  option_prices: [{ booking_option_id: 2, price: 9000, slug: 'virtual-interview' }],
  pitch_settings: { is_enabled: true, price: null },
});

function toasts() {
  return useToastStore.getState().toasts.map((item) => `${item.tone}: ${item.message}`);
}

function renderActions(
  profile: ProfileActionsProps['profile'] = guest,
  type: 'guests' | 'shows' = 'guests',
) {
  return renderWithProviders(<ProfileActions type={type} profile={profile} />, {
    route: `/${type}/${profile.slug}`,
    path: `/${type}/:id`,
    routes: [
      { path: '/guests/:id/book/*', element: <h1>Booking flow</h1> },
      { path: '/shows/:id/book/*', element: <h1>Booking flow</h1> },
    ],
  });
}

beforeEach(() => {
  setSession(viewer);
  useToastStore.setState({ toasts: [] });
  useLoginModalStore.setState({ open: false, redirect: null });
  sessionStorage.clear();
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

describe('who sees which action', () => {
  it('gives a signed-in user Book, Pitch, Inquire, Request availability and the favourite', async () => {
    const { container } = renderActions();
    for (const name of ['Book', 'Pitch', 'Inquire', 'Request availability']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Favourite Ada Lovelace' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the owner none of Book, Pitch or Inquire', () => {
    setSession(makeUser({ id: 9 }));
    renderActions();
    for (const name of ['Book', 'Request to Book', 'Pitch', 'Inquire']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('note')).toHaveTextContent('This is your public profile.');
  });

  it('hides Pitch when pitching is disabled or only pitch/miniview options exist', () => {
    renderActions({ ...guest, pitch_settings: { is_enabled: false, price: null } });
    expect(screen.queryByRole('button', { name: 'Pitch' })).not.toBeInTheDocument();
  });

  it('sends a visitor to the login dialog with the booking route as the redirect', async () => {
    setSession(null);
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(useLoginModalStore.getState()).toMatchObject({ open: true, redirect: '/guests/5/book' });
    useLoginModalStore.setState({ open: false, redirect: null });
    await userEvent.click(screen.getByRole('button', { name: 'Pitch' }));
    expect(useLoginModalStore.getState()).toMatchObject({ open: true, redirect: '/guests/5/book' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Book', () => {
  it('goes to the options step of the booking route, which names the option and nothing else', async () => {
    const { router } = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('heading', { name: 'Booking flow' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guests/5/book/options/2');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('goes to the choose step when the viewer has more than one show', async () => {
    const shows = [
      { id: 1, slug: 'a', name: 'A', imageUrl: null },
      { id: 2, slug: 'b', name: 'B', imageUrl: null },
    ];
    setSession({ ...viewer, shows });
    const { router } = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('heading', { name: 'Booking flow' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guests/5/book');
  });

  it("without booking options reads 'Request to Book', whose OK joins the waitlist", async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/v1/join-waitlist', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: "You've beed added to the waitlist." });
      }),
    );
    const show = makeShow({ id: 8, slug: 'quiet-show', name: 'Quiet Show', prices: [] });
    renderActions({ ...show, option_prices: show.prices }, 'shows');
    await userEvent.click(screen.getByRole('button', { name: 'Request to Book' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      "This show does not currently have booking options available. We'll send them a message and let them know you're interested, and we'll notify you when their availability opens up!",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { email: 'viewer@example.com', source: 'app', profile_id: 8, profile_type: 'show' },
    ]);
    expect(toasts()).toEqual(["success: You've beed added to the waitlist."]);
  });

  it('closes the waitlist dialog on failure too, with the failure toast', async () => {
    server.use(
      http.post('*/api/v1/join-waitlist', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    renderActions({ ...guest, option_prices: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Request to Book' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(noBookingOptionsMessage('guest'));
    expect(dialog).toHaveTextContent(/^.*This guest does not currently have booking options/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts()).toEqual(['error: Something went wrong']);
  });
});

describe('Pitch', () => {
  it('asks in the Pitching dialog; Continue opens the pitch route, which is the whole pitch', async () => {
    const { router } = renderActions({
      ...guest,
      pitch_settings: { is_enabled: true, price: 2500 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pitch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pitching' });
    expect(dialog).toHaveTextContent('Pitch price: $25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guests/ada');

    await userEvent.click(screen.getByRole('button', { name: 'Pitch' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Pitching' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Booking flow' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guests/5/book/pitch');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    // No draft and no price go with it: the booking flow keeps the one draft, the server prices.
    expect(sessionStorage.length).toBe(0);
  });

  it('says no price when the profile set none (the server prices the pitch)', async () => {
    renderActions({
      ...guest,
      option_prices: [...guest.option_prices, { booking_option_id: 3, price: 2500, slug: 'pitch' }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pitch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pitching' });
    expect(dialog).toHaveTextContent('A pitch is a free approach to Ada Lovelace.');
    expect(dialog).not.toHaveTextContent('Pitch price');
  });
});

describe('Inquire', () => {
  it('checks every field before sending', async () => {
    setSession(makeUser({ id: 51, email: '', first_name: '', last_name: '' }));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Inquire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inquire about Ada Lovelace' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText(/^Name/));
    await userEvent.paste('x'.repeat(101));
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await userEvent.tab();
    expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeInTheDocument();
    // the field stops at 100 characters
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('x'.repeat(100));
  });

  it('sends the inquiry with the masked phone and shows the success toast', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/v1/talent/inquire-profile', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'ok' }, { status: 201 });
      }),
    );
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Inquire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inquire about Ada Lovelace' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Val Lee');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('viewer@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '5551234567');
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('(555) 123-4567');
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Join our show?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        name: 'Val Lee',
        email: 'viewer@example.com',
        phone: '(555) 123-4567',
        message: 'Join our show?',
        profile_id: 5,
        profile_type: 'guest',
      },
    ]);
    expect(toasts()).toEqual(['success: Your request was successfully submitted.']);
  });

  it('keeps the form and shows field errors and the failure toast when the server refuses', async () => {
    server.use(
      http.post('*/api/v1/talent/inquire-profile', () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { email: ['The email is blocked.'] } },
          { status: 422 },
        ),
      ),
    );
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Inquire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inquire about Ada Lovelace' });
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '5551234567');
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));
    expect(await within(dialog).findByText('The email is blocked.')).toBeInTheDocument();
    expect(toasts()).toEqual(['error: Something went wrong. Try again in a few minutes.']);
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue('Hello');
  });
});

describe('Request availability', () => {
  it('sends the request for this profile and confirms', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server.use(
      http.post('*/api/v1/guests/5/guest-availability-request', async ({ request }) => {
        calls.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ message: 'sent' }, { status: 201 });
      }),
    );
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Request availability' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request availability' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        url: '/api/v1/guests/5/guest-availability-request',
        body: { profileId: 5, profileType: 'guest' },
      },
    ]);
    expect(toasts()[0]).toMatch(/^success: Your request was sent/);
  });
});
