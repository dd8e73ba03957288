import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { OptionPricesDetail } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ToastHost, useToastStore } from '@guestspot/shared-ui';
import { OptionPricesSection } from './option-prices-section';

setupMswServer();

const URL = '*/api/v1/guests/7/option-prices';

let saved: OptionPricesDetail;
let sent: unknown[];

beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  saved = {
    booking_options: [
      { id: 1, name: 'Virtual Interview', slug: 'virtual-interview', editable: false },
      { id: 2, name: 'Guest Appearance', slug: 'guest-appearance', editable: true },
    ],
    option_prices: [
      { booking_option_id: 1, slug: 'virtual-interview', interview_duration: 30, price: 15000 },
      { booking_option_id: 2, slug: 'guest-appearance', interview_duration: 60, price: 40000 },
    ],
  };
  sent = [];
  server.use(
    http.get(URL, () => HttpResponse.json({ data: saved })),
    http.put(URL, async ({ request }) => {
      const body = (await request.json()) as {
        option_prices: { booking_option_id: number; interview_duration: number; price: number }[];
      };
      sent.push(body);
      saved = {
        ...saved,
        option_prices: [
          saved.option_prices[0]!,
          ...body.option_prices.map((row) => ({ ...row, slug: 'guest-appearance' })),
        ],
      };
      return HttpResponse.json({ data: saved });
    }),
  );
});

function renderSection() {
  return renderWithProviders(
    <>
      <OptionPricesSection kind="guest" profileId={7} />
      <ToastHost />
    </>,
    { route: '/details/guest' },
  );
}

async function edit() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Prices' }));
}

describe('Booking option prices', () => {
  it('shows each option’s price per duration in dollars, from the cents the API answers', async () => {
    const { container } = renderSection();
    expect(screen.getByText('Loading your booking option prices')).toBeInTheDocument();
    expect(await screen.findByText('30 min $150')).toBeInTheDocument();
    expect(screen.getByText('60 min $400')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('adds a duration: typed in dollars, every price sent in cents', async () => {
    const { container } = renderSection();
    await edit();
    // the saved $400 is edited as dollars
    expect(screen.getByRole('textbox', { name: /Guest Appearance price 1/ })).toHaveValue('400');
    expect(await axe(container)).toHaveNoViolations();
    expect(
      screen.getByText('Virtual Interview: set in your availability settings.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a Guest Appearance duration' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Guest Appearance duration 2/ }),
      '90',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: /Guest Appearance price 2/ }),
      '650.50',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('60 min $400 · 90 min $650.50')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        option_prices: [
          { booking_option_id: 2, interview_duration: 60, price: 40000 },
          { booking_option_id: 2, interview_duration: 90, price: 65050 },
        ],
      },
    ]);
  });

  it('removes a duration, and needs a price in dollars before sending', async () => {
    renderSection();
    await edit();
    await userEvent.click(screen.getByRole('button', { name: 'Add a Guest Appearance duration' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Guest Appearance duration 2' }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Guest Appearance duration 1' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ option_prices: [] }]));
    expect(await screen.findByText('Not offered')).toBeInTheDocument();
  });

  it('puts the server’s 422 on the row’s field and toasts', async () => {
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            message: 'The option prices.0.price field must not be greater than 10000000.',
            errors: {
              'option_prices.0.price': [
                'The option prices.0.price field must not be greater than 10000000.',
              ],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await edit();
    const price = screen.getByRole('textbox', { name: /Guest Appearance price 1/ });
    await userEvent.clear(price);
    await userEvent.type(price, '200000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers Retry when the prices cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(URL, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: saved });
      }),
    );
    renderSection();
    expect(
      await screen.findByText('Your booking option prices could not be loaded.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('60 min $400')).toBeInTheDocument();
  });
});
