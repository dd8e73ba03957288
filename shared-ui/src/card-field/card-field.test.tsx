import * as billingApi from '@guestspot/shared-api/billing';
import { setupMswServer, server } from '@guestspot/shared-api/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { CardField } from './card-field';
import { CARD_MESSAGES } from './card-input';
import { useCardSetup, type CardChangeEvent } from './card-setup';

const mockLoadStripe = jest.fn();
const mockConfirmCardSetup = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => mockLoadStripe(key),
}));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  useStripe: () => ({ confirmCardSetup: mockConfirmCardSetup }),
  useElements: () => ({ getElement: () => ({ kind: 'card-element' }) }),
  CardElement: ({
    onChange,
  }: {
    onChange: (event: { complete: boolean; error?: { message: string } }) => void;
  }) => (
    <div>
      <button type="button" onClick={() => onChange({ complete: true })}>
        Fill Stripe card
      </button>
      <button
        type="button"
        onClick={() =>
          onChange({ complete: false, error: { message: 'Your card number is incomplete.' } })
        }
      >
        Break Stripe card
      </button>
    </div>
  ),
}));

setupMswServer();
beforeEach(() => {
  mockLoadStripe.mockReset().mockResolvedValue({});
  mockConfirmCardSetup.mockReset();
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

const NOW = () => new Date('2026-06-15T00:00:00Z');

function Harness({
  stripeKey = null,
  onChange,
}: {
  stripeKey?: string | null;
  onChange?: (event: CardChangeEvent) => void;
}) {
  const setup = useCardSetup();
  const [result, setResult] = useState('');
  return (
    <>
      <CardField
        setup={setup}
        stripePublishableKey={stripeKey}
        confirmLocalSetup={billingApi.confirmLocalSetupIntent}
        onChange={onChange}
        now={NOW}
      />
      <button
        type="button"
        onClick={async () =>
          setResult(JSON.stringify(await setup.confirmSetup('seti_local_1_secret_x')))
        }
      >
        Confirm
      </button>
      <output aria-label="Result">{result}</output>
    </>
  );
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry/), '1230');
  await user.type(screen.getByLabelText(/CVC/), '123');
  await user.type(screen.getByLabelText(/ZIP\/Postal code/), '78701');
}

describe('CardField (local provider)', () => {
  it('offers labelled parts, grouping the number and formatting the expiry as typed', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4242424242424242');
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: /Expiry/ }), '1230');
    expect(screen.getByRole('textbox', { name: /Expiry/ })).toHaveValue('12/30');
    expect(await axe(container)).toHaveNoViolations();
    expect(mockLoadStripe).not.toHaveBeenCalled();
  });

  it('reports complete only once number, expiry, CVC and postal code are all complete', async () => {
    const user = userEvent.setup();
    const events: boolean[] = [];
    render(<Harness onChange={(event) => events.push(event.complete)} />);
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry/), '1230');
    await user.type(screen.getByLabelText(/CVC/), '123');
    expect(events).toEqual([false]);
    await user.type(screen.getByLabelText(/ZIP\/Postal code/), '7');
    expect(events).toEqual([false, true]);
    await user.clear(screen.getByLabelText(/CVC/));
    expect(events).toEqual([false, true, false]);
  });

  it('shows each part’s message once the part is left', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.type(screen.getByLabelText(/Card number/), '4242 4242');
    await user.type(screen.getByLabelText(/Expiry/), '0526');
    await user.tab();
    expect(screen.getByText(CARD_MESSAGES.numberIncomplete)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.expiryPast)).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/)).toBeInvalid();
    expect(screen.queryByText(CARD_MESSAGES.postalIncomplete)).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('confirms the setup through the local provider and gives the payment method', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post(
        '*/api/v1/billing/local/setup-intents/seti_local_1/confirm',
        async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({
            setup_intent: { id: 'seti_local_1', status: 'succeeded', payment_method: 'pm_local_9' },
          });
        },
      ),
    );
    render(<Harness />);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Result' })).toHaveTextContent(
        '{"paymentMethodId":"pm_local_9"}',
      ),
    );
    expect(body).toEqual({
      client_secret: 'seti_local_1_secret_x',
      card: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        postal_code: '78701',
      },
    });
  });

  it("gives the provider's message when the card is declined", async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v1/billing/local/setup-intents/:id/confirm', () =>
        HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 }),
      ),
    );
    render(<Harness />);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Result' })).toHaveTextContent(
        '{"error":"Your card was declined."}',
      ),
    );
  });

  it('shows every message at once when asked (after a submit)', async () => {
    const setup = { confirmSetup: jest.fn(), register: jest.fn() };
    const { container } = render(
      <CardField
        setup={setup}
        confirmLocalSetup={billingApi.confirmLocalSetupIntent}
        now={NOW}
        showErrors
        defaultValues={{ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '1', postalCode: '' }}
      />,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      CARD_MESSAGES.numberInvalid,
      CARD_MESSAGES.expiryMonthInvalid,
      CARD_MESSAGES.cvcIncomplete,
      CARD_MESSAGES.postalIncomplete,
    ]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('refuses to confirm an incomplete card and shows what is missing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Result' })).toHaveTextContent(
        CARD_MESSAGES.numberIncomplete,
      ),
    );
    expect(screen.getByText(CARD_MESSAGES.postalIncomplete)).toBeInTheDocument();
  });
});

describe('CardField (Stripe)', () => {
  it('loads Stripe Elements only when given a key, and reports the same change event', async () => {
    const user = userEvent.setup();
    const events: boolean[] = [];
    render(<Harness stripeKey="pk_test_123" onChange={(event) => events.push(event.complete)} />);
    await user.click(await screen.findByRole('button', { name: 'Fill Stripe card' }));
    expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(events).toEqual([true]);
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Break Stripe card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is incomplete.');
  });

  it('confirms with stripe.confirmCardSetup and maps its error', async () => {
    const user = userEvent.setup();
    mockConfirmCardSetup
      .mockResolvedValueOnce({ setupIntent: { payment_method: 'pm_stripe_1' } })
      .mockResolvedValueOnce({ error: { message: 'Your card was declined.' } });
    render(<Harness stripeKey="pk_test_456" />);
    await screen.findByRole('button', { name: 'Fill Stripe card' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Result' })).toHaveTextContent('pm_stripe_1'),
    );
    expect(mockConfirmCardSetup).toHaveBeenCalledWith('seti_local_1_secret_x', {
      payment_method: { card: { kind: 'card-element' } },
    });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Result' })).toHaveTextContent(
        'Your card was declined.',
      ),
    );
  });
});
