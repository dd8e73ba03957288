import type { PayoutAccount, User } from '@guestspot/shared-api';
import {
  makePayoutAccount,
  makeUser,
  PAYOUT_COUNTRIES_FIXTURE,
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
import { leaveSiteFor } from '../hooks/leave-site';
import { payoutStatusLabel, shouldPollPayout } from '../hooks/use-payout-account';
import { PayoutSection, RETURN_NOTE, UNLINKED_MESSAGE } from './payout-section';

jest.mock('../hooks/leave-site', () => ({ leaveSiteFor: jest.fn() }));
const leave = jest.mocked(leaveSiteFor);

setupMswServer();

afterEach(() => {
  jest.useRealTimers();
  leave.mockReset();
  act(() => {
    toast.clear();
    useConfirmStore.setState({ request: null });
  });
});

const needed = makePayoutAccount({ details_submitted: false, charges_enabled: false });
const pending = makePayoutAccount({ details_submitted: true, charges_enabled: false });
const connected = makePayoutAccount();

interface Calls {
  gets: number;
  created: unknown[];
  deletes: number;
  users: number;
}

/** The server: `accounts` answers GET in turn (the last one repeats). */
function serve({
  accounts = [null] as (PayoutAccount | null)[],
  geo = { status: 'success', countryCode: 'GB' } as { status: string; countryCode: string | null },
  user = makeUser(),
  create = () =>
    HttpResponse.json({
      data: needed,
      onboarding_link: { url: 'http://127.0.0.1:3000/api/v1/payouts/local/onboarding?token=x' },
    }) as Response,
} = {}): Calls {
  const calls: Calls = { gets: 0, created: [], deletes: 0, users: 0 };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/user/stripe-account', () => {
      const data = accounts[Math.min(calls.gets, accounts.length - 1)] ?? null;
      calls.gets += 1;
      return HttpResponse.json({ data });
    }),
    http.get('*/api/v1/user/stripe-account/countries', () =>
      HttpResponse.json({ data: PAYOUT_COUNTRIES_FIXTURE }),
    ),
    http.get('*/api/v1/geolocation', () => HttpResponse.json(geo)),
    http.post('*/api/v1/user/stripe-account', async ({ request }) => {
      calls.created.push(await request.json());
      return create();
    }),
    http.delete('*/api/v1/user/stripe-account', () => {
      calls.deletes += 1;
      accounts = [null];
      calls.gets = 0;
      return HttpResponse.json({ message: UNLINKED_MESSAGE });
    }),
    http.get('*/api/v1/users/me', () => {
      calls.users += 1;
      return HttpResponse.json({ data: user });
    }),
  );
  return calls;
}

function renderSection(user: User = makeUser(), route = '/settings') {
  setSession(user);
  return renderWithProviders(
    <>
      <PayoutSection user={user} access={settingsAccess(user)} />
      <ConfirmHost />
      <ToastHost />
    </>,
    { route },
  );
}

const section = () => screen.getByRole('region', { name: 'Payout account' });

describe('payoutStatusLabel (spec §4)', () => {
  it('names each state', () => {
    expect(payoutStatusLabel(undefined)).toBe('Unknown');
    expect(payoutStatusLabel(null)).toBe('Unknown');
    expect(payoutStatusLabel(needed)).toBe('Details Needed');
    expect(payoutStatusLabel(pending)).toBe('Pending');
    expect(payoutStatusLabel(connected)).toBe('Connected');
    // Charges without submitted details still need details.
    expect(payoutStatusLabel({ ...needed, charges_enabled: true })).toBe('Details Needed');
  });

  it('polls until details are submitted and charges enabled, never without an account', () => {
    expect(shouldPollPayout(needed)).toBe(true);
    expect(shouldPollPayout(pending)).toBe(true);
    expect(shouldPollPayout(connected)).toBe(false);
    expect(shouldPollPayout(null)).toBe(false);
  });
});

describe('PayoutSection', () => {
  it.each([
    [needed, 'Details Needed', 'Continue Onboarding', needed.onboarding_link!.url],
    [pending, 'Pending', 'View Dashboard', pending.dashboard_link!.url],
    [connected, 'Connected', 'View Dashboard', connected.dashboard_link!.url],
  ])('shows %# the label and the link to follow', async (account, label, linkName, href) => {
    serve({ accounts: [account] });
    const { container } = renderSection(makeUser({ has_stripe_connect: label === 'Connected' }));
    expect(await within(section()).findByText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: linkName })).toHaveAttribute('href', href);
    expect(screen.getByRole('button', { name: 'Unlink account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Onboarding' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('does not render a link that is not http(s)', async () => {
    serve({ accounts: [{ ...connected, dashboard_link: { url: 'javascript:alert(1)' } }] });
    renderSection(makeUser({ has_stripe_connect: true }));
    expect(await within(section()).findByText('Connected')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Dashboard' })).not.toBeInTheDocument();
  });

  it('polls every 10 seconds until Connected, then stops and refreshes the user', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = serve({
      accounts: [pending, pending, connected],
      user: makeUser({ has_stripe_connect: true }),
    });
    renderSection(makeUser({ has_stripe_connect: false }));
    expect(await within(section()).findByText('Pending')).toBeInTheDocument();
    expect(calls.gets).toBe(1);

    await act(() => jest.advanceTimersByTimeAsync(9_000));
    expect(calls.gets).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(calls.gets).toBe(2));
    expect(within(section()).getByText('Pending')).toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(await within(section()).findByText('Connected')).toBeInTheDocument();
    expect(calls.gets).toBe(3);
    await waitFor(() => expect(calls.users).toBe(1));

    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(calls.gets).toBe(3);
  });

  it('shows the return note when the URL says the user came back from onboarding', async () => {
    serve({ accounts: [pending] });
    renderSection(makeUser(), '/settings?payout_return=1');
    expect(await screen.findByText(RETURN_NOTE)).toBeInTheDocument();
  });

  it('shows no note otherwise', async () => {
    serve({ accounts: [pending] });
    renderSection();
    expect(await within(section()).findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText(RETURN_NOTE)).not.toBeInTheDocument();
  });

  it('unlinks after confirmation', async () => {
    const user = userEvent.setup();
    const calls = serve({ accounts: [connected] });
    renderSection(makeUser({ has_stripe_connect: true }));
    await user.click(await screen.findByRole('button', { name: 'Unlink account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink payout account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Unlink account' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink account' }),
    );
    expect(await screen.findByText(UNLINKED_MESSAGE)).toBeInTheDocument();
    expect(calls.deletes).toBe(1);
    expect(await within(section()).findByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Onboarding' })).toBeInTheDocument();
  });

  it('shows Unknown and a retry when the account cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get('*/api/v1/user/stripe-account', () =>
        fail
          ? HttpResponse.json({ message: 'The payout provider is down.' }, { status: 502 })
          : HttpResponse.json({ data: connected }),
      ),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: makeUser() })),
    );
    renderSection(makeUser({ has_stripe_connect: true }));
    expect(await within(section()).findByText('Unknown')).toBeInTheDocument();
    expect(screen.getByText('The payout provider is down.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await within(section()).findByText('Connected')).toBeInTheDocument();
  });
});

describe('PayoutSection: not connected', () => {
  it('defaults the country to the located one and starts onboarding there', async () => {
    const user = userEvent.setup();
    const calls = serve({ geo: { status: 'success', countryCode: 'GB' } });
    const { container } = renderSection();
    expect(await within(section()).findByText('Not connected')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: /Country/ });
    await waitFor(() => expect(picker).toHaveValue('GB'));
    expect(await axe(container)).toHaveNoViolations();

    await user.selectOptions(picker, 'DE');
    await user.click(screen.getByRole('button', { name: 'Start Onboarding' }));
    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith(
        'http://127.0.0.1:3000/api/v1/payouts/local/onboarding?token=x',
      ),
    );
    expect(calls.created).toEqual([{ country_code: 'DE' }]);
  });

  it('falls back to US when the country cannot be located', async () => {
    serve({ geo: { status: 'fail', countryCode: null } });
    renderSection();
    const picker = await screen.findByRole('combobox', { name: /Country/ });
    await waitFor(() => expect(picker).toHaveValue('US'));
  });

  it('falls back to US when the located country is not supported', async () => {
    serve({ geo: { status: 'success', countryCode: 'KP' } });
    renderSection();
    const picker = await screen.findByRole('combobox', { name: /Country/ });
    await waitFor(() => expect(picker).toHaveValue('US'));
  });

  it('keeps Start Onboarding disabled until a country is chosen', async () => {
    const user = userEvent.setup();
    serve();
    renderSection();
    const picker = await screen.findByRole('combobox', { name: /Country/ });
    await waitFor(() => expect(picker).toHaveValue('GB'));
    const start = screen.getByRole('button', { name: 'Start Onboarding' });
    expect(start).toBeEnabled();
    await user.selectOptions(picker, '');
    expect(start).toBeDisabled();
    await user.selectOptions(picker, 'CA');
    expect(start).toBeEnabled();
  });

  it("shows the server's message when the account cannot be created", async () => {
    const user = userEvent.setup();
    serve({
      create: () =>
        HttpResponse.json(
          { message: 'The selected country code is invalid.', errors: {} },
          { status: 422 },
        ) as Response,
    });
    renderSection();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('GB'),
    );
    await user.click(screen.getByRole('button', { name: 'Start Onboarding' }));
    expect(await screen.findByText('The selected country code is invalid.')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the generic message when the server says nothing, and never follows a bad URL', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    serve({
      create: () => {
        attempt += 1;
        return attempt === 1
          ? (new HttpResponse(null, { status: 500 }) as Response)
          : (HttpResponse.json({
              data: needed,
              onboarding_link: { url: 'javascript:alert(1)' },
            }) as Response);
      },
    });
    renderSection();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('GB'),
    );
    await user.click(screen.getByRole('button', { name: 'Start Onboarding' }));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Onboarding' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });
});
