import { screen, waitFor, within } from '@testing-library/react';
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
import { currentMonth, shiftMonth } from '@guestspot/shared-ui/calendar-picker';
import { BALANCE, PAYMENT_ROWS, paymentsPage } from '../lib/payment-fixtures';
import { PaymentsPage, PAYMENTS_LOAD_FAILED } from './payments-page';
import { storeCreditHint } from './payments-summary';

setupMswServer();
const ZONE = 'America/New_York';
beforeEach(() => setSession(makeUser({ timezone: ZONE })));

/** Every GET /payments the page sends, as its query; answered with `rows`. */
function paymentRequests(rows = PAYMENT_ROWS, options: Parameters<typeof paymentsPage>[1] = {}) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/payments', ({ request }) => {
      const query = new URL(request.url).searchParams;
      seen.push(query);
      return HttpResponse.json(paymentsPage(rows, options));
    }),
    http.get('*/api/v1/balance', () => HttpResponse.json({ data: BALANCE })),
  );
  return seen;
}

const last = (seen: URLSearchParams[]) => seen[seen.length - 1]!;

describe('/payments', () => {
  it('shows the totals, the store credit with its tooltip, and the rows', async () => {
    paymentRequests();
    const { container } = renderWithProviders(<PaymentsPage />, { route: '/payments' });
    const totals = screen.getByRole('list', { name: 'Payment totals' });
    expect(await within(totals).findByText('$7.00')).toBeInTheDocument();
    expect(within(totals).getByText('Total Received')).toBeInTheDocument();
    expect(within(totals).getByText('Total Paid')).toBeInTheDocument();
    expect(within(totals).getByText('$120.00')).toBeInTheDocument();
    expect(await within(totals).findByText('$60.00')).toBeInTheDocument();

    const about = screen.getByRole('button', { name: 'About store credit' });
    await userEvent.hover(about);
    expect(screen.getByRole('tooltip')).toHaveTextContent(storeCreditHint(12));
    expect(about).toHaveAccessibleDescription(storeCreditHint(12));
    await userEvent.unhover(about);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Maya Brooks');
    expect(rows[0]).toHaveTextContent('Outgoing');
    expect(rows[0]).toHaveTextContent('−$120.00');
    expect(within(rows[1]!).getByText('Payment pending')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('+$7.00');
    const download = within(rows[0]!).getByRole('link', {
      name: 'Download (PDF) receipt of Booking #0007',
    });
    expect(download).toHaveAttribute('href', '/api/v1/payments/21/download');
    expect(await axe(container)).toHaveNoViolations();
  });

  it("asks for the current month newest first, and says 'No payments found'", async () => {
    const seen = paymentRequests([], { totals: { received: 0, paid: 0 } });
    renderWithProviders(<PaymentsPage />, { route: '/payments' });
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(last(seen).get('filter[for_month]')).toBe(currentMonth(ZONE));
    expect(last(seen).get('filter[type]')).toBeNull();
  });

  it('filters by type, sorts by a column header, searches after typing stops', async () => {
    const seen = paymentRequests();
    renderWithProviders(<PaymentsPage />, { route: '/payments' });
    await screen.findByRole('table', { name: 'Payments' });

    await userEvent.click(screen.getByRole('button', { name: 'Incoming' }));
    await waitFor(() => expect(last(seen).get('filter[type]')).toBe('incoming'));
    expect(screen.getByRole('button', { name: 'Incoming' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(last(seen).get('sort')).toBe('-raw_price'));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(last(seen).get('sort')).toBe('raw_price'));
    await userEvent.click(screen.getByRole('button', { name: /To\/From/ }));
    await waitFor(() => expect(last(seen).get('sort')).toBe('name'));

    await userEvent.type(screen.getByLabelText('Search payments'), 'maya');
    await waitFor(() => expect(last(seen).get('filter[search]')).toBe('maya'), { timeout: 2000 });
    expect(last(seen).get('filter[type]')).toBe('incoming');
  });

  it('a month change resets the type, the search and the sort (spec §9)', async () => {
    const seen = paymentRequests();
    renderWithProviders(<PaymentsPage />, { route: '/payments' });
    await screen.findByRole('table', { name: 'Payments' });
    await userEvent.click(screen.getByRole('button', { name: 'Outgoing' }));
    await userEvent.click(screen.getByRole('button', { name: /Date/ }));
    await userEvent.type(screen.getByLabelText('Search payments'), 'founder');
    await waitFor(() => expect(last(seen).get('filter[search]')).toBe('founder'), {
      timeout: 2000,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    const previous = shiftMonth(currentMonth(ZONE), -1);
    await waitFor(() => expect(last(seen).get('filter[for_month]')).toBe(previous));
    expect(last(seen).get('filter[type]')).toBeNull();
    expect(last(seen).get('filter[search]')).toBeNull();
    expect(last(seen).get('sort')).toBe('-payment_date');
    expect(screen.getByLabelText('Search payments')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(last(seen).get('filter[for_month]')).toBe(currentMonth(ZONE)));
  });

  it("shows the server's message when the load fails, else the spec's words, and retries", async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/payments', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'The payments are resting.' }, { status: 403 })
          : new HttpResponse(null, { status: 400 });
      }),
      http.get('*/api/v1/balance', () => HttpResponse.json({ data: BALANCE })),
    );
    renderWithProviders(<PaymentsPage />, { route: '/payments' });
    expect(await screen.findByText('The payments are resting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(PAYMENTS_LOAD_FAILED)).toBeInTheDocument();
  });
});
