import { useCurrentUser, type Subscription, type User } from '@guestspot/shared-api';
import {
  makeInvoice,
  makePaymentMethod,
  makeSubscription,
  makeUser,
  PLANS_FIXTURE,
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
import { PRO_FEATURES } from '../../../components/subscribe-form';
import { CANCEL_FAILED } from '../hooks/use-subscription';
import { cancellationNotice, SubscriptionSection, SUBSCRIBED } from './subscription-section';

setupMswServer();

const standard = makeUser({ account_type: 'standard', timezone: 'UTC' });
const pro = makeUser({ account_type: 'pro', timezone: 'UTC' });

const trialing = makeSubscription({
  stripe_status: 'trialing',
  plan_interval: 'month',
  plan_price: 7760,
  created_at: '2026-03-01T10:00:00.000Z',
  trial_ends_at: '2026-03-15T10:00:00.000Z',
  current_period_end: '2026-03-15T10:00:00.000Z',
});

const invoices = [
  makeInvoice({
    id: 'in_2',
    number: 'GS-001002',
    amount: 9700,
    date: '2026-02-01T10:00:00.000Z',
    download_url: '/api/v1/users/me/invoices/in_2/download',
  }),
  makeInvoice({ id: 'in_1', number: 'GS-001001', amount: 0, date: '2026-01-01T10:00:00.000Z' }),
];

interface State {
  user: User;
  subscription: Subscription | null;
  cancels: number;
  subscribed: unknown[];
}

function serve(initial: Partial<State> = {}): State {
  const state: State = {
    user: standard,
    subscription: null,
    cancels: 0,
    subscribed: [],
    ...initial,
  };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/users/me', () => HttpResponse.json({ data: state.user })),
    http.get('*/api/v1/users/me/subscription', () =>
      HttpResponse.json({ data: state.subscription }),
    ),
    http.get('*/api/v1/users/me/invoices', () => HttpResponse.json({ data: invoices })),
    http.delete('*/api/v1/users/me/subscription', () => {
      state.cancels += 1;
      state.subscription = { ...trialing, ends_at: '2026-03-15T10:00:00.000Z' };
      return HttpResponse.json({ data: state.subscription });
    }),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/plans', () => HttpResponse.json({ data: PLANS_FIXTURE })),
    http.get('*/api/v1/user/payment/methods', () =>
      HttpResponse.json({ data: [makePaymentMethod({ id: 'pm_saved' })] }),
    ),
    http.get('*/api/v1/coupons/:code', ({ params }) =>
      params.code === 'WELCOME20'
        ? HttpResponse.json({
            data: { code: 'WELCOME20', description: '20% off', is_valid: true },
          })
        : HttpResponse.json({ message: 'Coupon not found.' }, { status: 404 }),
    ),
    http.post('*/api/v1/users/me/subscription', async ({ request }) => {
      state.subscribed.push(await request.json());
      state.user = pro;
      state.subscription = trialing;
      return HttpResponse.json({ data: trialing });
    }),
  );
  return state;
}

/** Renders the section for the session's user, as the Settings page does. */
function renderSection(user: User) {
  setSession(user);
  return renderWithProviders(
    <>
      <SectionForSession />
      <ConfirmHost />
      <ToastHost />
    </>,
  );
}

function SectionForSession() {
  const user = useCurrentUser();
  return user ? <SubscriptionSection user={user} access={settingsAccess(user)} /> : null;
}

afterEach(() => {
  act(() => {
    toast.clear();
    useConfirmStore.setState({ request: null });
  });
});

describe('SubscriptionSection', () => {
  it('renders its anchor at once, with a skeleton while loading', () => {
    serve({ user: pro, subscription: trialing });
    renderSection(pro);
    const section = screen.getByRole('region', { name: 'Plan' });
    expect(section).toHaveAttribute('id', 'pro-subscription');
    expect(within(section).getByText('Loading your subscription')).toBeInTheDocument();
  });

  it('offers Go Pro Now to a standard account, and no cancel control', async () => {
    serve();
    renderSection(standard);
    expect(await screen.findByRole('button', { name: 'Go Pro Now' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel Pro Subscription' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows a trialing Pro subscription: cycle, start, trial end, next billing date and amount', async () => {
    serve({ user: pro, subscription: trialing });
    const { container } = renderSection(pro);
    const details = await screen.findByRole('group', { name: 'Your subscription' });
    expect(details).toHaveTextContent('PlanPro Trial until March 15, 2026');
    expect(details).toHaveTextContent('Billing cycleMonthly');
    expect(details).toHaveTextContent('StartedMarch 1, 2026');
    expect(details).toHaveTextContent('Next billingMarch 15, 2026 · $77.60');
    expect(screen.getByRole('button', { name: 'Cancel Pro Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go Pro Now' })).not.toBeInTheDocument();
    await screen.findByRole('table', { name: 'Invoices' });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows an active yearly subscription without a trial', async () => {
    serve({
      user: pro,
      subscription: makeSubscription({
        stripe_status: 'active',
        plan_interval: 'year',
        plan_price: 99700,
        trial_ends_at: null,
        current_period_end: '2027-01-10T10:00:00.000Z',
      }),
    });
    renderSection(pro);
    const details = await screen.findByRole('group', { name: 'Your subscription' });
    expect(details).toHaveTextContent('Billing cycleYearly');
    expect(details).toHaveTextContent('Next billingJanuary 10, 2027 · $997.00');
    expect(details).not.toHaveTextContent('Trial until');
  });

  it('cancels after confirmation: the notice shows the end date, the cancel control goes, the user is refetched', async () => {
    const state = serve({ user: pro, subscription: trialing });
    let refetched = 0;
    server.use(
      http.get('*/api/v1/users/me', () => {
        refetched += 1;
        return HttpResponse.json({ data: state.user });
      }),
    );
    const user = userEvent.setup();
    renderSection(pro);
    await user.click(await screen.findByRole('button', { name: 'Cancel Pro Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Pro Subscription?' });
    expect(state.cancels).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(cancellationNotice('March 15, 2026'))).toBeInTheDocument();
    expect(
      screen.getByText('Your subscription was cancelled and will expire on March 15, 2026.'),
    ).toBeInTheDocument();
    expect(state.cancels).toBe(1);
    expect(
      screen.queryByRole('button', { name: 'Cancel Pro Subscription' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your subscription' })).not.toHaveTextContent(
      'Next billing',
    );
    await waitFor(() => expect(refetched).toBeGreaterThan(0));
  });

  it("shows the server's message when cancelling fails, else 'The subscription was not canceled'", async () => {
    serve({ user: pro, subscription: trialing });
    let body: object = { message: 'You do not have an active Pro subscription.' };
    server.use(
      http.delete('*/api/v1/users/me/subscription', () => HttpResponse.json(body, { status: 422 })),
    );
    const user = userEvent.setup();
    renderSection(pro);
    await user.click(await screen.findByRole('button', { name: 'Cancel Pro Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Pro Subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(
      await within(dialog).findByText('You do not have an active Pro subscription.'),
    ).toBeInTheDocument();
    body = {};
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(dialog).findByText(CANCEL_FAILED)).toBeInTheDocument();
  });

  it('shows an already cancelled subscription with its notice and no cancel control', async () => {
    serve({ user: pro, subscription: { ...trialing, ends_at: '2026-04-02T10:00:00.000Z' } });
    renderSection(pro);
    expect(
      await screen.findByText('Your subscription was cancelled and will expire on April 2, 2026.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel Pro Subscription' }),
    ).not.toBeInTheDocument();
  });

  it('lists invoices with date, number, amount and a download link opening in a new tab', async () => {
    serve();
    renderSection(standard);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateNumberAmountDocument',
      'February 1, 2026GS-001002$97.00Download',
      'January 1, 2026GS-001001$0.00Download',
    ]);
    const link = within(table).getByRole('link', {
      name: 'Download invoice GS-001002 (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', '/api/v1/users/me/invoices/in_2/download');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows an error with Retry when the subscription cannot load', async () => {
    serve({ user: pro });
    let fail = true;
    server.use(
      http.get('*/api/v1/users/me/subscription', () =>
        fail ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json({ data: trialing }),
      ),
    );
    const user = userEvent.setup();
    renderSection(pro);
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('group', { name: 'Your subscription' })).toBeInTheDocument();
  });

  it('hides Go Pro Now and Cancel from an agency member impersonating', async () => {
    serve({ user: pro, subscription: trialing });
    const viewer = makeUser({
      account_type: 'pro',
      timezone: 'UTC',
      impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
    });
    renderSection(viewer);
    expect(await screen.findByRole('group', { name: 'Your subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    const standardViewer = makeUser({
      account_type: 'standard',
      impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
    });
    act(() => setSession(standardViewer));
    expect(await screen.findByText(/You are on the/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go Pro Now' })).not.toBeInTheDocument();
  });

  describe('the Subscribe modal', () => {
    it('opens from Go Pro Now with the features and the form, and follows the plan toggle', async () => {
      serve();
      const user = userEvent.setup();
      renderSection(standard);
      await user.click(await screen.findByRole('button', { name: 'Go Pro Now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Go Pro' });
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([...PRO_FEATURES]);
      const features = within(dialog).getByRole('region', { name: 'Guestspot Pro' });
      expect(features).toHaveTextContent('$97 per month');
      await user.click(await within(dialog).findByRole('radio', { name: /Yearly/ }));
      expect(features).toHaveTextContent('$997 per year');
      expect(
        within(dialog).getByText('Includes a 14 day trial before billing begins'),
      ).toBeInTheDocument();
    });

    it('keeps Unlock Pro Now disabled for an incomplete new card or an unknown coupon', async () => {
      serve();
      const user = userEvent.setup();
      renderSection(standard);
      await user.click(await screen.findByRole('button', { name: 'Go Pro Now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Go Pro' });
      const unlock = await within(dialog).findByRole('button', { name: 'Unlock Pro Now' });
      // A saved card is chosen: enabled.
      expect(unlock).toBeEnabled();
      await user.click(within(dialog).getByRole('radio', { name: 'Use a new card' }));
      expect(unlock).toBeDisabled();
      await user.click(within(dialog).getByRole('radio', { name: /Visa ending in 4242/ }));
      expect(unlock).toBeEnabled();
      await user.type(within(dialog).getByRole('textbox', { name: 'Coupon code' }), 'NOPE');
      expect(
        await within(dialog).findByText('Coupon not found.', {}, { timeout: 2000 }),
      ).toBeInTheDocument();
      expect(unlock).toBeDisabled();
    });

    it('subscribes, closes, says so and shows the Pro subscription', async () => {
      const state = serve();
      const user = userEvent.setup();
      renderSection(standard);
      await user.click(await screen.findByRole('button', { name: 'Go Pro Now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Go Pro' });
      await user.click(await within(dialog).findByRole('button', { name: 'Unlock Pro Now' }));
      expect(await screen.findByText(SUBSCRIBED)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(state.subscribed).toEqual([
        expect.objectContaining({ plan: 'monthly', payment_method: 'pm_saved' }),
      ]);
      expect(await screen.findByRole('group', { name: 'Your subscription' })).toHaveTextContent(
        'Trial until March 15, 2026',
      );
      expect(screen.getByRole('button', { name: 'Cancel Pro Subscription' })).toBeInTheDocument();
    });
  });
});
