import { api } from '@guestspot/shared-api';
import type { CreatedPayoutAccount, DataEnvelope, PayoutAccount, PayoutCountry } from './types';

// The payout account (Stripe Connect or the server's LOCAL provider): spec §7
// POST/GET/DELETE /user/{provider}-account. Decision 030.

/** The query parameter of the onboarding return URL: /settings?payout_return=1#payout */
export const PAYOUT_RETURN_PARAM = 'payout_return';

/** The linked account, or null when none is linked. */
export async function getPayoutAccount(): Promise<PayoutAccount | null> {
  const body = await api.get('user/stripe-account').json<DataEnvelope<PayoutAccount | null>>();
  return body.data;
}

/** Opens an account in the country (ISO alpha-2); the browser then goes to onboarding_link.url. */
export async function createPayoutAccount(countryCode: string): Promise<CreatedPayoutAccount> {
  return api
    .post('user/stripe-account', { json: { country_code: countryCode } })
    .json<CreatedPayoutAccount>();
}

export async function unlinkPayoutAccount(): Promise<{ message: string }> {
  return api.delete('user/stripe-account').json<{ message: string }>();
}

/** Where payout accounts can be opened, with names. */
export async function listPayoutCountries(): Promise<PayoutCountry[]> {
  const body = await api.get('user/stripe-account/countries').json<DataEnvelope<PayoutCountry[]>>();
  return body.data;
}

/** A provider link the browser may follow: absolute http(s) only (never javascript: and such). */
export function isFollowableLink(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
