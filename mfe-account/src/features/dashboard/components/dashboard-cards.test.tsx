import { screen, within } from '@testing-library/react';
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
import { closeSubscribeDialog, useSubscribeDialogStore } from '@guestspot/shared-ui';
import { widgets } from '../../../exposes/widgets';
import { BalanceCard } from './balance-card';
import { ReferralBanner, referralLink } from './referral-banner';
import { ShowsCard } from './shows-card';
import { PRO_FEATURES, UnlockProCard } from './unlock-pro-card';
import { UpsellPromoCard } from './upsell-promo-card';

setupMswServer();
beforeEach(() => closeSubscribeDialog());
afterEach(() => jest.restoreAllMocks());

const show = { id: 4, name: 'The Founder Files', slug: 'the-founder-files', imageUrl: null };
const guest = { id: 3, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null };
const published = (paths: string[]) => (path: string) => paths.includes(path.split('#')[0]!);

describe('the invitation banner', () => {
  it('offers the referral link with Copy, and copies it', async () => {
    setSession(makeUser({ referral_code: 'priyapatel' }));
    const user = userEvent.setup();
    const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { container } = renderWithProviders(<ReferralBanner />);
    const link = referralLink('priyapatel');
    expect(link).toBe(`${window.location.origin}/?ref=priyapatel`);
    expect(screen.getByRole('textbox', { name: 'Referral link' })).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith(link);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("says 'Failed to copy. Referral link is: …' when the clipboard refuses", async () => {
    setSession(makeUser({ referral_code: 'priyapatel' }));
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<ReferralBanner />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to copy. Referral link is: ${referralLink('priyapatel')}`,
    );
  });
});

describe('the balance card', () => {
  const balance = (status = 200) =>
    server.use(
      http.get('*/api/v1/balance', () =>
        status === 200
          ? HttpResponse.json({
              data: {
                total_balance: 123_450,
                available_balance: 2_500,
                guestspot_cash: 2_500,
                guestspot_cash_expiration: 30,
                raw: { guestspot_cash: 2_500 },
              },
            })
          : HttpResponse.json({ message: 'Server Error' }, { status }),
      ),
    );

  it('shows TOTAL and store credit, with Payments once published and Payouts', async () => {
    setSession(makeUser());
    balance();
    const { container } = renderWithProviders(
      <BalanceCard isPublished={published(['/payments', '/settings'])} />,
    );
    const card = await screen.findByRole('region', { name: 'Balance' });
    expect(await within(card).findByText('$1,234.50')).toBeInTheDocument();
    expect(within(card).getByText('TOTAL')).toBeInTheDocument();
    expect(within(card).getByText('Store credit')).toBeInTheDocument();
    expect(within(card).getByText('$25.00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/payments',
    );
    expect(within(card).getByRole('link', { name: 'Payouts' })).toHaveAttribute(
      'href',
      '/settings#payout',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('links to no payments page while none is published', async () => {
    setSession(makeUser());
    balance();
    renderWithProviders(<BalanceCard isPublished={published([])} />);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('is hidden when the balance cannot be loaded', async () => {
    setSession(makeUser());
    balance(500);
    renderWithProviders(<BalanceCard isPublished={published(['/payments'])} />);
    expect(await screen.findByRole('region', { name: 'Balance' })).toBeInTheDocument();
    await screen.findByText((_, element) => element?.tagName === 'BODY' && !element.textContent);
    expect(screen.queryByRole('region', { name: 'Balance' })).not.toBeInTheDocument();
  });
});

describe('the shows card', () => {
  it('lists each show with Edit and View, and offers Create your Show', async () => {
    setSession(makeUser({ shows: [show] }));
    const { container } = renderWithProviders(<ShowsCard />);
    expect(screen.getByRole('link', { name: 'Edit The Founder Files' })).toHaveAttribute(
      'href',
      '/details/show/4',
    );
    expect(screen.getByRole('link', { name: 'View The Founder Files' })).toHaveAttribute(
      'href',
      '/shows/4',
    );
    expect(screen.getByRole('link', { name: 'Create your Show' })).toHaveAttribute(
      'href',
      '/details/show/create',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('invites a user without a show to create one', () => {
    setSession(makeUser());
    renderWithProviders(<ShowsCard />);
    expect(screen.queryByRole('list', { name: 'Your shows' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your Show' })).toBeInTheDocument();
  });
});

describe('the Unlock Pro card', () => {
  it('lists what Pro adds to a standard account and opens the Subscribe dialog', async () => {
    setSession(makeUser({ account_type: 'standard' }));
    const { container } = renderWithProviders(<UnlockProCard />);
    const list = screen.getByRole('list', { name: 'What Pro adds' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...PRO_FEATURES]);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock Pro' }));
    expect(useSubscribeDialogStore.getState().open).toBe(true);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is not shown to a Pro account', () => {
    setSession(makeUser({ account_type: 'pro' }));
    const { container } = renderWithProviders(<UnlockProCard />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is exposed to the dashboard for standard accounts only', () => {
    expect(widgets.find((widget) => widget.id === 'unlock-pro')).toMatchObject({
      standardOnly: true,
    });
  });
});

describe('the promotional upsells', () => {
  const packages = (kind: 'guests' | 'shows', id: number, list: unknown[] | null) =>
    server.use(
      http.get(`*/api/v1/${kind}/${id}/upsell-packages`, () =>
        list
          ? HttpResponse.json({ data: list })
          : HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
  const upsell = (id: number, title: string, type: 'guest' | 'show', profileId: number) => ({
    id,
    title,
    description: null,
    price: 5_000,
    currency: 'USD',
    url: null,
    social_handle: null,
    profile_type: type,
    profile_name: type === 'guest' ? guest.name : show.name,
    profile_id: profileId,
  });

  it('shows each package with its profile, price and an Edit link to its editor', async () => {
    setSession(makeUser({ guest, shows: [show] }));
    packages('guests', guest.id, [upsell(1, 'Newsletter mention', 'guest', guest.id)]);
    packages('shows', show.id, [upsell(2, 'Social shout-out', 'show', show.id)]);
    const { container } = renderWithProviders(<UpsellPromoCard />);
    expect(await screen.findByRole('link', { name: 'Edit Newsletter mention' })).toHaveAttribute(
      'href',
      '/details/guest#upsell-packages',
    );
    expect(screen.getByRole('link', { name: 'Edit Social shout-out' })).toHaveAttribute(
      'href',
      '/details/show/4#upsell-packages',
    );
    expect(screen.getByText('$50 · The Founder Files')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('invites to add one when there is none', async () => {
    setSession(makeUser({ guest }));
    packages('guests', guest.id, []);
    renderWithProviders(<UpsellPromoCard />);
    expect(await screen.findByRole('link', { name: 'Add an upsell package' })).toHaveAttribute(
      'href',
      '/details/guest#upsell-packages',
    );
  });

  it('stays away when the packages cannot be loaded, and for users without a profile', async () => {
    setSession(makeUser({ guest }));
    packages('guests', guest.id, null);
    const { container } = renderWithProviders(<UpsellPromoCard />);
    await screen.findByText((_, element) => element?.tagName === 'BODY' && !element.textContent);
    expect(container).toBeEmptyDOMElement();
  });
});
