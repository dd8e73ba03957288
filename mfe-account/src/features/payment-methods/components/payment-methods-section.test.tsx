import { errorMessages } from '@guestspot/shared-api';
import type { PaymentMethod, User } from '@guestspot/shared-api';
import {
  makePaymentMethod,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, toast, ToastHost, useConfirmStore } from '@guestspot/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { settingsAccess } from '../../../components/settings';
import { DELETE_FAILED } from '../hooks/use-payment-methods';
import { CARD_SAVE_ERROR, CARD_SAVED, SAVE_FOR_BOOKINGS } from './card-dialog';
import { PaymentMethodsSection } from './payment-methods-section';

setupMswServer();

const visa = makePaymentMethod({ id: 'pm_visa', brand: 'visa', last4: '4242', default: true });
const mastercard = makePaymentMethod({
  id: 'pm_mc',
  brand: 'mastercard',
  last4: '4444',
  default: false,
  exp_month: 8,
  exp_year: 2029,
});

interface Calls {
  saved: unknown[];
  defaults: string[];
  deleted: string[];
  replaced: { id: string; body: unknown }[];
}

/** A small stand-in for the billing API, holding the account's cards. */
function serve(initial: PaymentMethod[]): Calls {
  let methods = [...initial];
  const calls: Calls = { saved: [], defaults: [], deleted: [], replaced: [] };
  const makeDefault = (id: string) => {
    methods = methods.map((method) => ({ ...method, default: method.id === id }));
  };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/user/payment/methods', () => HttpResponse.json({ data: methods })),
    http.get('*/api/v1/user/payment/intent', () =>
      HttpResponse.json({ intent: { id: 'seti_local_1', client_secret: 'seti_local_1_secret_x' } }),
    ),
    http.post('*/api/v1/billing/local/setup-intents/:id/confirm', async ({ request }) => {
      const body = (await request.json()) as { card: { number: string } };
      if (body.card.number === '4000000000000002') {
        return HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 });
      }
      return HttpResponse.json({
        setup_intent: { id: 'seti_local_1', status: 'succeeded', payment_method: 'pm_new' },
      });
    }),
    http.post('*/api/v1/user/payment/methods', async ({ request }) => {
      calls.saved.push(await request.json());
      const added = makePaymentMethod({
        id: 'pm_new',
        brand: 'mastercard',
        last4: '5454',
        default: methods.length === 0,
      });
      methods.push(added);
      return HttpResponse.json({ data: added, message: CARD_SAVED });
    }),
    http.post('*/api/v1/user/payment/methods/:id/default', ({ params }) => {
      calls.defaults.push(String(params.id));
      makeDefault(String(params.id));
      return HttpResponse.json({ data: methods.find((method) => method.id === params.id) });
    }),
    http.delete('*/api/v1/user/payment/methods/:id', ({ params }) => {
      calls.deleted.push(String(params.id));
      methods = methods.filter((method) => method.id !== params.id);
      if (methods.length > 0 && !methods.some((method) => method.default)) {
        makeDefault(methods[0]!.id);
      }
      return HttpResponse.json({ message: 'The payment method was deleted.' });
    }),
    http.put('*/api/v1/user/payment/methods/:id', async ({ params, request }) => {
      calls.replaced.push({ id: String(params.id), body: await request.json() });
      const added = makePaymentMethod({
        id: 'pm_new',
        brand: 'mastercard',
        last4: '5454',
        default: true,
      });
      methods = [added];
      return HttpResponse.json({ data: added, message: CARD_SAVED });
    }),
  );
  return calls;
}

function renderSection(user: User) {
  setSession(user);
  return renderWithProviders(
    <>
      <PaymentMethodsSection user={user} access={settingsAccess(user)} />
      <ConfirmHost />
      <ToastHost />
    </>,
  );
}

async function typeCard(
  user: ReturnType<typeof userEvent.setup>,
  number = '5555555555554444',
  postal = '78701',
) {
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry/), '1240');
  await user.type(screen.getByLabelText(/CVC/), '123');
  if (postal) await user.type(screen.getByLabelText(/ZIP\/Postal code/), postal);
}

/** The list item of the card with this name. */
async function cardItem(name: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Saved payment methods' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => candidate.textContent?.includes(name));
  if (!item) throw new Error(`no card ${name}`);
  return item;
}

const standard = makeUser({ account_type: 'standard' });
const pro = makeUser({ account_type: 'pro' });

afterEach(() => {
  act(() => {
    toast.clear();
    useConfirmStore.setState({ request: null });
  });
});

describe('PaymentMethodsSection', () => {
  it('lists the saved cards with brand, last four digits, expiry and the default badge', async () => {
    serve([visa, mastercard]);
    const { container } = renderSection(standard);
    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Visa ending in 4242');
    expect(first).toHaveTextContent('Expires 12/2030');
    expect(within(first!).getByText('Default')).toBeInTheDocument();
    expect(second).toHaveTextContent('Mastercard ending in 4444');
    expect(second).toHaveTextContent('Expires 08/2029');
    expect(within(second!).queryByText('Default')).not.toBeInTheDocument();
    // Only a non-default card can be made the default.
    expect(
      screen.queryByRole('button', { name: 'Set Visa ending in 4242 as default' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the empty state, and an error with Retry that loads again', async () => {
    serve([]);
    let fail = true;
    server.use(
      http.get('*/api/v1/user/payment/methods', () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: [] }),
      ),
    );
    const user = userEvent.setup();
    renderSection(standard);
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No payment methods saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeInTheDocument();
  });

  it('adds a card: Save waits for a complete card, then the card is saved and made the default', async () => {
    const calls = serve([visa]);
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(within(dialog).getByRole('checkbox', { name: SAVE_FOR_BOOKINGS })).toBeChecked();
    expect(save).toBeDisabled();
    await typeCard(user, '5555555555554444', '');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/ZIP\/Postal code/), '78701');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText(CARD_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.saved).toEqual([{ payment_method: 'pm_new', save: true }]);
    expect(calls.defaults).toEqual(['pm_new']);
    const item = await waitFor(() => cardItem('Mastercard ending in 5454'));
    await waitFor(() => expect(within(item).getByText('Default')).toBeInTheDocument());
  });

  it('keeps the default card when "Save this card for future bookings" is unticked', async () => {
    const calls = serve([visa]);
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    await user.click(screen.getByRole('checkbox', { name: SAVE_FOR_BOOKINGS }));
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CARD_SAVED)).toBeInTheDocument();
    expect(calls.saved).toHaveLength(1);
    expect(calls.defaults).toEqual([]);
  });

  it("shows the save error with the provider's message and keeps the dialog open", async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    await typeCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog', { name: 'Add payment method' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CARD_SAVE_ERROR);
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(calls.saved).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("shows the server's message when saving fails, else 'Something went wrong'", async () => {
    serve([]);
    let body: object = { message: 'The selected payment method is invalid.' };
    server.use(
      http.post('*/api/v1/user/payment/methods', () => HttpResponse.json(body, { status: 422 })),
    );
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${CARD_SAVE_ERROR}The selected payment method is invalid.`,
    );
    body = {};
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        `${CARD_SAVE_ERROR}${errorMessages.somethingWentWrongNoStop}`,
      ),
    );
  });

  it('deletes a card after confirmation, and says so when it could not', async () => {
    const calls = serve([visa, mastercard]);
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(
      await screen.findByRole('button', { name: 'Delete Mastercard ending in 4444' }),
    );
    const confirmDialog = await screen.findByRole('dialog', { name: 'Delete payment method?' });
    expect(calls.deleted).toEqual([]);
    await user.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The payment method was deleted.')).toBeInTheDocument();
    expect(calls.deleted).toEqual(['pm_mc']);
    await waitFor(() =>
      expect(screen.queryByText('Mastercard ending in 4444')).not.toBeInTheDocument(),
    );

    server.use(
      http.delete('*/api/v1/user/payment/methods/:id', () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Visa ending in 4242' }));
    const again = await screen.findByRole('dialog', { name: 'Delete payment method?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await within(again).findByText(DELETE_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const calls = serve([visa, mastercard]);
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.deleted).toEqual([]);
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it('sets a card as default, and puts the badge back with a message when that fails', async () => {
    const calls = serve([visa, mastercard]);
    const user = userEvent.setup();
    renderSection(standard);
    await user.click(
      await screen.findByRole('button', { name: 'Set Mastercard ending in 4444 as default' }),
    );
    const mcItem = await cardItem('Mastercard ending in 4444');
    await waitFor(() => expect(within(mcItem).getByText('Default')).toBeInTheDocument());
    expect(calls.defaults).toEqual(['pm_mc']);

    server.use(
      http.post('*/api/v1/user/payment/methods/:id/default', () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Set Visa ending in 4242 as default' }),
    );
    expect(await screen.findByText(errorMessages.tryAgainLater)).toBeInTheDocument();
    const visaItem = await cardItem('Visa ending in 4242');
    expect(within(visaItem).queryByText('Default')).not.toBeInTheDocument();
    expect(within(mcItem).getByText('Default')).toBeInTheDocument();
  });

  describe('a Pro account with a single card', () => {
    it('sees Update instead of Delete, which replaces the card', async () => {
      const calls = serve([visa]);
      const user = userEvent.setup();
      renderSection(pro);
      const update = await screen.findByRole('button', { name: 'Update Visa ending in 4242' });
      expect(
        screen.queryByRole('button', { name: 'Delete Visa ending in 4242' }),
      ).not.toBeInTheDocument();
      await user.click(update);
      const dialog = await screen.findByRole('dialog', { name: 'Update payment method' });
      expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
      await typeCard(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(CARD_SAVED)).toBeInTheDocument();
      expect(calls.replaced).toEqual([{ id: 'pm_visa', body: { payment_method: 'pm_new' } }]);
      expect(calls.saved).toEqual([]);
      expect(await screen.findByText('Mastercard ending in 5454')).toBeInTheDocument();
      expect(screen.queryByText('Visa ending in 4242')).not.toBeInTheDocument();
    });

    it('may delete once there are two cards', async () => {
      serve([visa, mastercard]);
      renderSection(pro);
      expect(
        await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
    });
  });

  it('shows an agency member impersonating the cards but no action', async () => {
    serve([visa, mastercard]);
    const viewer = makeUser({
      account_type: 'pro',
      impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
    });
    renderSection(viewer);
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
