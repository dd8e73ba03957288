import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { PaymentMethod } from '@guestspot/shared-api';
import {
  makePaymentMethod,
  renderWithProviders,
  server,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { SAVE_CARD_LABEL } from './payment-method-choice';
import { PaymentMethodChoiceDemo } from './payment-method-choice-demo';

// The choice alone, in each of its states, paying through useCardPayment as its two places do
// (the demo of its stories). The booking flow's and the pitch dialog's tests pay with a saved
// card through it (booking-flow.test.tsx, pitch-dialogs.test.tsx).

setupMswServer();

/** The API the choice reads, and how many setup intents were asked for. */
function mockBilling(saved: PaymentMethod[]) {
  const calls = { intents: 0 };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/user/payment/methods', () => HttpResponse.json({ data: saved })),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/user/payment/intent', () => {
      calls.intents += 1;
      const id = `seti_local_${calls.intents}`;
      return HttpResponse.json({ intent: { id, client_secret: `${id}_secret_x` } });
    }),
    http.post('*/api/v1/billing/local/setup-intents/:id/confirm', async ({ params, request }) => {
      const body = (await request.json()) as { card: { number: string } };
      if (body.card.number === '4000000000000002') {
        return HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 });
      }
      return HttpResponse.json({
        setup_intent: {
          id: params.id,
          status: 'succeeded',
          payment_method: `pm_new_${calls.intents}`,
        },
      });
    }),
  );
  return calls;
}

const group = () => screen.getByRole('group', { name: 'Payment method' });
const paidWith = () => screen.getByRole('status', { name: 'Paid with' });
const pay = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Pay' }));

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry/), '1240');
  await user.type(screen.getByLabelText(/CVC/), '123');
  await user.type(screen.getByLabelText(/ZIP\/Postal code/), '78701');
}

describe('PaymentMethodChoice', () => {
  it('no saved card: the card field alone, no radios, and Save this card', async () => {
    const user = userEvent.setup();
    mockBilling([]);
    const { container } = renderWithProviders(<PaymentMethodChoiceDemo />);
    expect(await screen.findByRole('group', { name: 'Card' })).toBeInTheDocument();
    expect(group()).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const save = screen.getByRole('checkbox', { name: SAVE_CARD_LABEL });
    expect(save).not.toBeChecked();
    await user.click(save);
    expect(save).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('saved cards: one radio each with the default chosen, then A new card and its field', async () => {
    const user = userEvent.setup();
    mockBilling([
      makePaymentMethod({ id: 'pm_visa', default: false }),
      makePaymentMethod({ id: 'pm_master', brand: 'mastercard', last4: '4444', default: true }),
    ]);
    const { container } = renderWithProviders(<PaymentMethodChoiceDemo />);
    const master = await screen.findByRole('radio', { name: 'MASTERCARD ending in 4444' });
    expect(master).toBeChecked();
    expect(screen.getByRole('radio', { name: 'VISA ending in 4242' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'A new card' })).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: SAVE_CARD_LABEL })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await pay(user);
    await waitFor(() => expect(paidWith()).toHaveTextContent('pm_master'));
    await user.click(screen.getByRole('radio', { name: 'VISA ending in 4242' }));
    await pay(user);
    await waitFor(() => expect(paidWith()).toHaveTextContent('pm_master, pm_visa'));

    await user.click(screen.getByRole('radio', { name: 'A new card' }));
    expect(screen.getByRole('radio', { name: 'A new card' })).toBeChecked();
    expect(await screen.findByRole('group', { name: 'Card' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: SAVE_CARD_LABEL })).toBeInTheDocument();
  });

  it('disabled: no radio or box takes input', async () => {
    mockBilling([makePaymentMethod({ id: 'pm_visa' })]);
    renderWithProviders(<PaymentMethodChoiceDemo disabled />);
    expect(await screen.findByRole('radio', { name: 'VISA ending in 4242' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'A new card' })).toBeDisabled();
    expect(group()).toBeDisabled();
  });

  it('a new card with an error: Card is required until the card is complete', async () => {
    const user = userEvent.setup();
    const calls = mockBilling([]);
    const { container } = renderWithProviders(<PaymentMethodChoiceDemo />);
    await screen.findByRole('group', { name: 'Card' });
    await pay(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Card is required');
    expect(paidWith()).toHaveTextContent('nothing');
    expect(calls.intents).toBe(0);
    expect(await axe(container)).toHaveNoViolations();

    await fillCard(user);
    expect(screen.queryByText('Card is required')).not.toBeInTheDocument();
    await pay(user);
    await waitFor(() => expect(paidWith()).toHaveTextContent('nothing, pm_new_1'));
  });

  it('confirms a new card once: a retry sends it again, a refusal confirms it anew', async () => {
    const user = userEvent.setup();
    const calls = mockBilling([]);
    renderWithProviders(<PaymentMethodChoiceDemo />);
    await screen.findByRole('group', { name: 'Card' });
    await fillCard(user);
    await pay(user);
    await waitFor(() => expect(paidWith()).toHaveTextContent('pm_new_1'));
    await pay(user);
    await waitFor(() => expect(paidWith()).toHaveTextContent('pm_new_1, pm_new_1'));
    expect(calls.intents).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Refused' }));
    await pay(user);
    await waitFor(() => expect(paidWith()).toHaveTextContent('pm_new_1, pm_new_1, pm_new_2'));
    expect(calls.intents).toBe(2);
  });

  it("a declined card gives the provider's message to the payment, not to the field", async () => {
    const user = userEvent.setup();
    mockBilling([]);
    renderWithProviders(<PaymentMethodChoiceDemo />);
    await screen.findByRole('group', { name: 'Card' });
    await fillCard(user, '4000000000000002');
    await pay(user);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Payment error' })).toHaveTextContent(
        'Your card was declined.',
      ),
    );
    expect(paidWith()).toHaveTextContent('nothing');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
