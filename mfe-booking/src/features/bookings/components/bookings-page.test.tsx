import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeBooking,
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { BookingsPage } from './bookings-page';

setupMswServer();
beforeEach(() => setSession(makeUser()));

describe('/bookings', () => {
  it("shows 'No bookings found.' and reloads on Reload", async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/bookings', () => {
        calls += 1;
        return HttpResponse.json(paginated([], 1, 10));
      }),
    );
    const { container } = renderWithProviders(<BookingsPage />, { route: '/bookings' });
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('lists bookings with counterpart, status, price and order number', async () => {
    server.use(
      http.get('*/api/v1/bookings', () =>
        HttpResponse.json(
          paginated(
            [
              makeBooking({ id: 7, price: 12550, status: 'scheduled' }),
              makeBooking({
                id: 8,
                price: 123450,
                status: 'pending',
                counterpart: { type: 'guest', id: 4, name: 'Ada Lovelace', imageUrl: null },
              }),
            ],
            1,
            10,
          ),
        ),
      ),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await screen.findByRole('link', { name: 'Grace Hopper (booking #0007)' });
    const [row, second] = within(screen.getByRole('list', { name: 'Bookings' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement];
    expect(within(row).getByText(/#0007 ·/)).toBeInTheDocument();
    expect(within(row).getByText('$125.50')).toBeInTheDocument();
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    // thousands are grouped, as every amount on the site (issue 12 §4)
    expect(within(second).getByText('$1,234.50')).toBeInTheDocument();
    // Spec §2: a booking row links to /bookings/{id}, named by its counterpart and its number.
    expect(screen.getByRole('link', { name: 'Grace Hopper (booking #0007)' })).toHaveAttribute(
      'href',
      '/bookings/7',
    );
    expect(screen.getByRole('link', { name: 'Ada Lovelace (booking #0008)' })).toHaveAttribute(
      'href',
      '/bookings/8',
    );
    // Spec §4 colours: scheduled green, pending orange.
    expect(within(row).getByText('Scheduled')).toHaveAttribute('data-colour', 'green');
    expect(within(second).getByText('Pending')).toHaveAttribute('data-colour', 'orange');
  });

  it('asks the API for the page in the URL and moves between pages', async () => {
    const pages: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/bookings', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        pages.push(page);
        return HttpResponse.json(
          paginated([makeBooking({ id: Number(page) })], Number(page), 10, 25),
        );
      }),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings?page=2' });
    expect(await screen.findByText(/#0002 ·/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText(/#0003 ·/)).toBeInTheDocument();
    expect(pages).toEqual(['2', '3']);
  });

  it('offers Reload when the list cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/bookings', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    expect(await screen.findByText('The bookings could not be loaded.')).toBeInTheDocument();
    server.use(http.get('*/api/v1/bookings', () => HttpResponse.json(paginated([], 1, 10))));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
  });
});
