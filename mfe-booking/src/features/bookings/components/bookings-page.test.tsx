import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { useSessionStore } from '@guestspot/shared-api';
import {
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { currentMonth } from '@guestspot/shared-ui/calendar-picker';
import { makeBookingDetail, PROPOSALS } from '../../booking-page/components/page-fixtures';
import { makeListItem } from '../lib/list-fixtures';
import { BookingsPage } from './bookings-page';

setupMswServer();
const ZONE = 'America/New_York';
beforeEach(() => setSession(makeUser({ timezone: ZONE, new_bookings_count: 0 })));

/** Every GET /bookings the page sends, as its query. */
function listRequests(rows = [makeListItem({ id: 7 })], total = rows.length) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/bookings', ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.push(query);
      const page = Number(query.get('page') ?? 1);
      return HttpResponse.json(paginated(rows, page, 10, total));
    }),
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/bookings/stats', () =>
      HttpResponse.json({ data: { confirmed: 4, pending: 2, completed: 9 } }),
    ),
  );
  return seen;
}

const last = (seen: URLSearchParams[]) => seen[seen.length - 1]!;

describe('/bookings: the list', () => {
  it("shows 'No bookings found.' and reloads on Reload", async () => {
    const seen = listRequests([]);
    const { container } = renderWithProviders(<BookingsPage />, { route: '/bookings' });
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(seen).toHaveLength(2));
  });

  it('lists counterpart, derived status in its colour, price, order number and New', async () => {
    listRequests([
      makeListItem({
        id: 7,
        price: 12550,
        status: 'scheduled',
        list_status: 'confirmed',
        is_new: true,
      }),
      makeListItem({
        id: 8,
        price: 123450,
        status: 'accepted',
        list_status: 'accepted',
        is_new: false,
        counterpart: { type: 'guest', id: 4, name: 'Ada Lovelace', imageUrl: null },
      }),
      makeListItem({ id: 9, status: 'completed', list_status: 'completed', is_new: false }),
    ]);
    const { container } = renderWithProviders(<BookingsPage />, { route: '/bookings' });
    const link = await screen.findByRole('link', { name: 'Grace Hopper (booking #0007)' });
    expect(link).toHaveAttribute('href', '/bookings/7');
    const [first, second, third] = within(
      screen.getByRole('list', { name: 'Bookings' }),
    ).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('$125.50')).toBeInTheDocument();
    expect(within(first).getByText('Confirmed')).toHaveAttribute('data-colour', 'green');
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(second).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(second).getByText('Accepted')).toHaveAttribute('data-colour', 'green');
    expect(within(second).queryByText('New')).not.toBeInTheDocument();
    expect(within(third).getByText('Completed')).toHaveAttribute('data-colour', 'pink');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the stats cards, the third titled Canceled Bookings with the completed count', async () => {
    listRequests();
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    const stats = screen.getByRole('list', { name: 'Booking stats' });
    await waitFor(() => expect(within(stats).getByText('9')).toBeInTheDocument());
    const cards = within(stats).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Confirmed Bookings4',
      'Pending Bookings2',
      'Canceled Bookings9',
    ]);
  });

  it('asks for page size 10, the current month, the default sort and no other filter', async () => {
    const seen = listRequests();
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await screen.findByRole('link', { name: /booking #0007/ });
    const query = last(seen);
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      limit: '10',
      sort: '-booking_date',
      'filter[month]': currentMonth(ZONE),
    });
  });

  it('reads every filter from the URL and sends the amounts in cents', async () => {
    const seen = listRequests();
    renderWithProviders(<BookingsPage />, {
      route:
        '/bookings?status=is_pending,is_accepted&q=ada&min=100&max=500&by=me&month=2026-05&sort=price&page=2',
    });
    await screen.findByRole('link', { name: /booking #0007/ });
    expect(Object.fromEntries(last(seen))).toEqual({
      page: '2',
      limit: '10',
      sort: 'price',
      'filter[status]': 'is_pending,is_accepted',
      'filter[search]': 'ada',
      'filter[price]': '10000,50000',
      'filter[bookedBy]': 'me',
      'filter[month]': '2026-05',
    });
    expect(screen.getByRole('checkbox', { name: 'Pending' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Booked by' })).toHaveValue('me');
    expect(screen.getByText('May 2026')).toBeInTheDocument();
  });

  it('filters by status, booked by and month, back to page 1', async () => {
    const seen = listRequests([makeListItem({ id: 7 })], 30);
    renderWithProviders(<BookingsPage />, { route: '/bookings?page=2&month=2026-05' });
    await screen.findByRole('link', { name: /booking #0007/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Expired' }));
    await waitFor(() => expect(last(seen).get('filter[status]')).toBe('is_expired'));
    expect(last(seen).get('page')).toBe('1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Booked by' }), 'others');
    await waitFor(() => expect(last(seen).get('filter[bookedBy]')).toBe('others'));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(last(seen).get('filter[month]')).toBe('2026-04'));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Amount, highest first',
    );
    await waitFor(() => expect(last(seen).get('sort')).toBe('-price'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(last(seen).get('filter[status]')).toBeNull());
    expect(last(seen).get('filter[month]')).toBe('2026-04');
  });

  it('searches 500 ms after the last key, not on every key', async () => {
    const seen = listRequests();
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await screen.findByRole('link', { name: /booking #0007/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bookings' }), 'ada');
    expect(seen.some((query) => query.has('filter[search]'))).toBe(false);
    await waitFor(() => expect(last(seen).get('filter[search]')).toBe('ada'), { timeout: 2000 });
    expect(
      seen.filter((query) => query.has('filter[search]')).map((q) => q.get('filter[search]')),
    ).toEqual(['ada']);
  });

  it('sends the amount slider in cents, open above at $1,000', async () => {
    const seen = listRequests();
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await screen.findByRole('link', { name: /booking #0007/ });
    fireEvent.change(screen.getByRole('slider', { name: 'Minimum amount' }), {
      target: { value: '100' },
    });
    expect(screen.getByText('$100 – $1,000+')).toBeInTheDocument();
    await waitFor(() => expect(last(seen).get('filter[price]')).toBe('10000'), { timeout: 2000 });
    fireEvent.change(screen.getByRole('slider', { name: 'Maximum amount' }), {
      target: { value: '250' },
    });
    await waitFor(() => expect(last(seen).get('filter[price]')).toBe('10000,25000'), {
      timeout: 2000,
    });
  });

  it('pages with a strip of five numbers', async () => {
    const seen = listRequests([makeListItem({ id: 7 })], 200);
    renderWithProviders(<BookingsPage />, { route: '/bookings?page=8' });
    await screen.findByRole('link', { name: /booking #0007/ });
    const strip = screen.getByRole('navigation', { name: /pagination/i });
    const numbers = within(strip)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => /^\d+$/.test(text ?? ''));
    expect(numbers).toEqual(['6', '7', '8', '9', '10']);
    await userEvent.click(within(strip).getByRole('button', { name: /next/i }));
    await waitFor(() => expect(last(seen).get('page')).toBe('9'));
  });

  it('offers Reload when the list cannot be loaded', async () => {
    listRequests();
    server.use(
      http.get('*/api/v1/bookings', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    expect(await screen.findByText('The bookings could not be loaded.')).toBeInTheDocument();
    server.use(http.get('*/api/v1/bookings', () => HttpResponse.json(paginated([], 1, 10))));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
  });

  it('clears the new-bookings badge once the list has loaded', async () => {
    setSession(makeUser({ timezone: ZONE, new_bookings_count: 3 }));
    listRequests();
    let seenCalls = 0;
    server.use(
      http.patch('*/api/v1/bookings/see-bookings', () => {
        seenCalls += 1;
        return HttpResponse.json({ data: { new_bookings_count: 0 } });
      }),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await waitFor(() => expect(useSessionStore.getState().user?.new_bookings_count).toBe(0));
    expect(seenCalls).toBe(1);
  });
});

describe('/bookings: export', () => {
  const createObjectURL = jest.fn(() => 'blob:bookings');
  const revokeObjectURL = jest.fn();
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
  });

  it("reads 'Exporting...' while it runs and downloads bookings.csv", async () => {
    listRequests();
    let release: () => void = () => undefined;
    server.use(
      http.get('*/api/v1/bookings/export', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse('Order number\r\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    act(() => release());
    await waitFor(() => expect(clicked).toEqual(['bookings.csv']));
    expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
    click.mockRestore();
  });

  it('says so when the export fails', async () => {
    listRequests();
    server.use(
      http.get('*/api/v1/bookings/export', () =>
        HttpResponse.json({ message: 'x' }, { status: 500 }),
      ),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occured while trying to export your bookings.',
    );
  });
});

describe('/bookings: calendar', () => {
  it('switches to the month’s calendar, its days in the viewer’s zone', async () => {
    listRequests();
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/bookings/calendar-view', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          timezone: ZONE,
          data: {
            '2026-05-04': [
              {
                id: 21,
                list_status: 'confirmed',
                booking_date: '2026-05-04T19:00:00.000Z',
                interview_duration: 30,
                is_pitch: false,
                price: 5000,
                booked_by: 'me',
                counterpart: { type: 'show', id: 4, name: 'The Build Show', imageUrl: null },
              },
            ],
          },
        });
      }),
    );
    const { container } = renderWithProviders(<BookingsPage />, {
      route: '/bookings?month=2026-05',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    expect(screen.getByRole('button', { name: 'Calendar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const link = await screen.findByRole('link', { name: /The Build Show \(booking #00021\)/ });
    expect(link).toHaveAttribute('href', '/bookings/21');
    expect(link).toHaveTextContent('3:00 PM');
    expect(screen.getByRole('heading', { name: 'Monday, May 4' })).toBeInTheDocument();
    expect(asked).toEqual(['?from=2026-05-01&to=2026-05-31']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('alerts when the calendar cannot be loaded', async () => {
    listRequests();
    server.use(
      http.get('*/api/v1/bookings/calendar-view', () => HttpResponse.json({}, { status: 500 })),
    );
    renderWithProviders(<BookingsPage />, { route: '/bookings?view=calendar' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error while trying to fetch calendar bookings',
    );
  });
});

describe('/bookings: the list-level actions', () => {
  const detail = makeBookingDetail({ id: 7, allowed_actions: ['confirm', 'reject'] });

  function actionCalls() {
    const calls: { action: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/v1/bookings/7', () => HttpResponse.json({ data: detail })),
      http.patch('*/api/v1/bookings/7/:action', async ({ params, request }) => {
        calls.push({ action: String(params.action), body: await request.json() });
        return HttpResponse.json({ data: makeListItem({ id: 7 }) });
      }),
    );
    return calls;
  }

  it('rejects from the row with an optional reason', async () => {
    listRequests([makeListItem({ id: 7, list_actions: ['confirm', 'reject'] })]);
    const calls = actionCalls();
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject: Grace Hopper (booking #0007)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this booking?' });
    expect(within(dialog).getByLabelText('Reason (optional)')).not.toBeRequired();
    const confirm = within(dialog).getByRole('button', { name: /^Reject/ });
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(confirm);
    await waitFor(() => expect(calls).toEqual([{ action: 'reject', body: { reason: null } }]));
  }, 10_000);

  it('confirms one of the proposed dates from the row', async () => {
    listRequests([makeListItem({ id: 7, list_actions: ['confirm'] })]);
    const calls = actionCalls();
    renderWithProviders(<BookingsPage />, { route: '/bookings' });
    expect(screen.queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm date: Grace Hopper (booking #0007)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm a date with Grace Hopper' });
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices).toHaveLength(PROPOSALS.length);
    await userEvent.click(choices[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm date' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { action: 'confirm', body: { confirmed_date: '2026-12-08 22:00:00' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
