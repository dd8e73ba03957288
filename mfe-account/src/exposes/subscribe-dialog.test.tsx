import {
  makePaymentMethod,
  makeUser,
  PLANS_FIXTURE,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { toast, ToastHost } from '@guestspot/shared-ui';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SUBSCRIBED } from '../features/subscription/components/subscribe-modal';
import { SubscribeDialogContent } from './subscribe-dialog';

setupMswServer();

const standard = makeUser({ account_type: 'standard' });
const pro = makeUser({ account_type: 'pro' });

function serve() {
  let user = standard;
  const subscribed: unknown[] = [];
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/users/me', () => HttpResponse.json({ data: user })),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/plans', () => HttpResponse.json({ data: PLANS_FIXTURE })),
    http.get('*/api/v1/user/payment/methods', () =>
      HttpResponse.json({ data: [makePaymentMethod({ id: 'pm_saved' })] }),
    ),
    http.post('*/api/v1/users/me/subscription', async ({ request }) => {
      subscribed.push(await request.json());
      user = pro;
      return HttpResponse.json({ data: null });
    }),
  );
  return subscribed;
}

afterEach(() => act(() => toast.clear()));

describe("'./subscribe-dialog' (the shell's Subscribe dialog)", () => {
  it('shows the Pro plans and, once subscribed, welcomes the user and hands over the Pro session', async () => {
    const subscribed = serve();
    setSession(standard);
    const onSubscribed = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SubscribeDialogContent onSubscribed={onSubscribed} />
        <ToastHost />
      </>,
    );
    const features = screen.getByRole('region', { name: 'Guestspot Pro' });
    expect(features).toHaveTextContent('$97 per month');
    const form = await screen.findByRole('form', { name: 'Subscribe to Pro' });
    await user.click(within(form).getByRole('radio', { name: /Yearly/ }));
    expect(features).toHaveTextContent('$997 per year');

    await user.click(within(form).getByRole('button', { name: 'Unlock Pro Now' }));
    expect(await screen.findByText(SUBSCRIBED)).toBeInTheDocument();
    expect(onSubscribed).toHaveBeenCalledWith(expect.objectContaining({ account_type: 'pro' }));
    expect(subscribed).toEqual([
      expect.objectContaining({ plan: 'yearly', payment_method: 'pm_saved' }),
    ]);
  });
});
