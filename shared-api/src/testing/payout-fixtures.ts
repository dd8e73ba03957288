import type { PayoutAccount, PayoutCountry } from '../types';

/** A payout account as GET /user/stripe-account answers; connected unless told otherwise. */
export function makePayoutAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  const details = overrides.details_submitted ?? true;
  return {
    id: 'acct_local_test',
    provider: 'local',
    country_code: 'US',
    details_submitted: details,
    charges_enabled: true,
    onboarding_link: details
      ? null
      : { url: 'http://127.0.0.1:3000/api/v1/payouts/local/onboarding?token=t' },
    dashboard_link: details
      ? { url: 'http://127.0.0.1:3000/api/v1/payouts/local/dashboard?token=t' }
      : null,
    ...overrides,
  };
}

export const PAYOUT_COUNTRIES_FIXTURE: PayoutCountry[] = [
  { code: 'CA', name: 'Canada' },
  { code: 'DE', name: 'Germany' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
];
