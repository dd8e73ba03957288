import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { ConnectCandidate } from '@guestspot/shared-api';
import {
  makeGuest,
  makeShow,
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useProFeatureDialogStore, useToastStore } from '@guestspot/shared-ui';
import { LOOK_AHEAD } from '../hooks/use-connect-queue';
import { noBookingOptionsMessage } from '../../../components/profile-actions';
import { ConnectModal, exhaustedMessage } from './connect-modal';

setupMswServer();

const show = (id: number, extra: Partial<ConnectCandidate> = {}): ConnectCandidate => ({
  ...makeShow({
    id,
    name: `Show ${id}`,
    description: `About show ${id}`,
    prices: [{ booking_option_id: 1, slug: 'virtual-interview', price: 15000 }],
  }),
  reach: [{ label: 'Downloads', value: '12k' }],
  ...extra,
});

/** The server's candidates: `total` shows, 10 a page, leaving out `exclude`. */
function serveShows(total: number) {
  const all = Array.from({ length: total }, (_, index) => show(index + 1));
  const requests: URL[] = [];
  server.use(
    http.get('*/api/v1/shows/connect-candidates', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const exclude = (url.searchParams.get('exclude') ?? '')
        .split(',')
        .filter(Boolean)
        .map(Number);
      const left = all.filter((item) => !exclude.includes(item.id));
      const limit = Number(url.searchParams.get('limit'));
      return HttpResponse.json(paginated(left.slice(0, limit), 1, limit, left.length));
    }),
  );
  return requests;
}

/** The server's one and only candidate show. */
function serveOnly(candidate: ConnectCandidate) {
  server.use(
    http.get('*/api/v1/shows/connect-candidates', () =>
      HttpResponse.json(paginated([candidate], 1, 10, 1)),
    ),
  );
}

beforeEach(() => {
  setSession(
    makeUser({
      id: 7,
      account_type: 'pro',
      guest: { id: 3, name: 'Me', slug: 'me', imageUrl: null },
    }),
  );
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
  useToastStore.setState({ toasts: [] });
  useProFeatureDialogStore.setState({ open: false, message: undefined });
  sessionStorage.clear();
});

function renderModal(type: 'guests' | 'shows' = 'shows') {
  const onClose = jest.fn();
  const view = renderWithProviders(<ConnectModal type={type} onClose={onClose} />, {
    routes: [
      { path: '/shows/:id/book/options/:optionId', element: <h1>Regular booking</h1> },
      { path: '/shows/:id/book/pitch', element: <h1>Pitch booking</h1> },
    ],
  });
  return { ...view, onClose };
}

const candidateName = () => screen.findByRole('heading', { level: 3 });

describe('the connect swipe modal', () => {
  it('shows a candidate with its info panel: booking options, about text and reach', async () => {
    serveShows(2);
    const { baseElement } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Explore Shows' });
    expect(await candidateName()).toHaveTextContent('Show 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Info' }));
    const options = within(dialog).getByRole('region', { name: 'Booking options' });
    expect(options).toHaveTextContent('Virtual Interview: from $150');
    expect(within(dialog).getByRole('region', { name: 'About' })).toHaveTextContent('About show 1');
    const reach = within(dialog).getByRole('region', { name: 'Profile reach' });
    expect(within(reach).getByText('Downloads')).toBeInTheDocument();
    expect(within(reach).getByText('12k')).toBeInTheDocument();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('nopes a candidate: the server stores the rejection and the next one shows', async () => {
    serveShows(3);
    const rejected: unknown[] = [];
    server.use(
      http.post('*/api/v1/shows/reject-connect-candidate', async ({ request }) => {
        rejected.push(await request.json());
        return HttpResponse.json({ data: { show_profile_id: 1 } });
      }),
    );
    renderModal();
    expect(await candidateName()).toHaveTextContent('Show 1');
    await userEvent.click(screen.getByRole('button', { name: 'Nope' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Show 2' })).toBeInTheDocument();
    expect(rejected).toEqual([{ show_profile_id: 1 }]);
  });

  it('adds a candidate to the smartlist and moves on', async () => {
    serveShows(3);
    const added: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/7/smartlist', async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json({ data: { id: 1 } }, { status: 201 });
      }),
    );
    renderModal();
    await candidateName();
    await userEvent.click(screen.getByRole('button', { name: 'Add to smartlist' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Show 2' })).toBeInTheDocument();
    expect(added).toEqual([{ type: 'show', name: 'Show 1', profile_id: 1 }]);
    expect(useToastStore.getState().toasts[0]?.message).toBe('Show 1 was added to your wishlist.');
  });

  it('keeps the candidate and explains when the wishlist refuses it', async () => {
    serveShows(3);
    server.use(
      http.post('*/api/v1/users/7/smartlist', () =>
        HttpResponse.json({ message: 'You reached the limit of 10 people' }, { status: 426 }),
      ),
    );
    renderModal();
    await candidateName();
    await userEvent.click(screen.getByRole('button', { name: 'Add to smartlist' }));
    await waitFor(() => expect(useProFeatureDialogStore.getState().open).toBe(true));
    expect(useToastStore.getState().toasts[0]?.message).toBe('You reached the limit of 10 people');
    expect(screen.getByRole('heading', { level: 3, name: 'Show 1' })).toBeInTheDocument();
  });

  it(`fetches the next page when ${LOOK_AHEAD} remain, then says when none are left`, async () => {
    const requests = serveShows(13);
    renderModal();
    await candidateName();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('limit')).toBe('10');
    // Show 1..7 passed: Show 8 is on screen with 8, 9 and 10 remaining.
    for (let id = 1; id <= 6; id += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('heading', { level: 3, name: `Show ${id + 1}` });
    }
    expect(requests).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 3, name: 'Show 8' });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.searchParams.get('exclude')).toBe('1,2,3,4,5,6,7,8,9,10');
    for (let id = 8; id <= 13; id += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    expect(await screen.findByText(exhaustedMessage('shows'))).toBeInTheDocument();
    expect(exhaustedMessage('shows')).toBe('There are no more shows that match your interests!');
    expect(requests).toHaveLength(2);
  });

  it('says so at once when there is no candidate', async () => {
    server.use(
      http.get('*/api/v1/guests/connect-candidates', () =>
        HttpResponse.json(paginated([], 1, 10, 0)),
      ),
    );
    renderModal('guests');
    expect(
      await screen.findByText('There are no more guests that match your interests!'),
    ).toBeInTheDocument();
  });

  it('works from the keyboard: ← nopes, → skips', async () => {
    serveShows(3);
    let rejections = 0;
    server.use(
      http.post('*/api/v1/shows/reject-connect-candidate', () => {
        rejections += 1;
        return HttpResponse.json({ data: { show_profile_id: 1 } });
      }),
    );
    renderModal();
    const first = await candidateName();
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    const second = await screen.findByRole('heading', { level: 3, name: 'Show 2' });
    await waitFor(() => expect(second).toHaveFocus());
    expect(rejections).toBe(0);
    await userEvent.keyboard('{ArrowLeft}');
    await screen.findByRole('heading', { level: 3, name: 'Show 3' });
    expect(rejections).toBe(1);
  });

  it("offers 'Pitch' or 'Regular Booking' and goes to the matching booking route", async () => {
    serveShows(2);
    const { router, onClose } = renderModal();
    await candidateName();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    const choice = screen.getByRole('group', { name: 'How would you like to book Show 1?' });
    expect(within(choice).getByRole('button', { name: 'Pitch' })).toHaveAccessibleDescription(
      'pitch your guest for free',
    );
    await userEvent.click(within(choice).getByRole('button', { name: 'Pitch' }));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Pitch booking' })).toBeInTheDocument();
    // The route is the whole pitch: no state, no stored draft, no price.
    expect(router.state.location.pathname).toBe('/shows/1/book/pitch');
    expect(router.state.location.state).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('goes to the regular booking route of the cheapest option, and says nothing else', async () => {
    serveShows(2);
    const { router } = renderModal();
    await candidateName();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await userEvent.click(screen.getByRole('button', { name: 'Regular Booking' }));
    expect(await screen.findByRole('heading', { name: 'Regular booking' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shows/1/book/options/1');
    expect(router.state.location.state).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('books at once, with no pitch choice, when the candidate takes no pitches', async () => {
    serveOnly(show(5, { pitch_settings: { is_enabled: false, price: null } }));
    const { router, onClose } = renderModal();
    await candidateName();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(screen.queryByRole('button', { name: 'Pitch' })).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/shows/5/book/options/1');
  });

  it('offers the waitlist when the candidate has nothing to book, and lists only bookable options', async () => {
    const waitlist: unknown[] = [];
    serveOnly(show(6, { prices: [{ booking_option_id: 3, slug: 'pitch', price: 2000 }] }));
    server.use(
      http.post('*/api/v1/join-waitlist', async ({ request }) => {
        waitlist.push(await request.json());
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const { router, onClose } = renderModal();
    await candidateName();
    await userEvent.click(screen.getByRole('button', { name: 'Info' }));
    expect(screen.getByText('No booking options yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request to Book' });
    expect(dialog).toHaveTextContent(noBookingOptionsMessage('show'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request to Book' })).not.toBeInTheDocument(),
    );
    expect(waitlist).toEqual([
      expect.objectContaining({ source: 'app', profile_id: 6, profile_type: 'show' }),
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers a retry when the candidates cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/guests/connect-candidates', () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json(
              paginated([{ ...makeGuest({ id: 4, name: 'Ada' }), reach: [] }], 1, 10, 1),
            ),
      ),
    );
    renderModal('guests');
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 3, name: 'Ada' })).toBeInTheDocument();
  });
});
