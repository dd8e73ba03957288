import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  makeBooking,
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { widgets } from '../../../exposes/widgets';
import { RecentBookingsCard } from './recent-bookings-card';

setupMswServer();
beforeEach(() => setSession(makeUser()));

describe('the recent bookings card', () => {
  it('is exposed to the dashboard', () => {
    expect(widgets.map((widget) => widget.id)).toContain('recent-bookings');
  });

  it('lists the three latest bookings and links to all', async () => {
    let limit: string | null = null;
    server.use(
      http.get('*/api/v1/bookings', ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit');
        const show = { type: 'show' as const, id: 4, name: 'The Build Show', imageUrl: null };
        return HttpResponse.json(
          paginated([makeBooking({ id: 5, status: 'accepted', counterpart: show })], 1, 3),
        );
      }),
    );
    renderWithProviders(<RecentBookingsCard />);
    // Spec §2: a booking links to its page.
    expect(
      await screen.findByRole('link', { name: 'The Build Show (booking #0005)' }),
    ).toHaveAttribute('href', '/bookings/5');
    expect(screen.getByText(/Accepted/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(limit).toBe('3');
  });

  it("says 'No bookings found.' when there are none", async () => {
    server.use(http.get('*/api/v1/bookings', () => HttpResponse.json(paginated([], 1, 3))));
    renderWithProviders(<RecentBookingsCard />);
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
  });
});
