// Payout account (Stripe Connect or the LOCAL provider) and geolocation.

// Onboarding returns to /settings?payout_return=1#payout (decision 030).

/** A link that opens the provider's pages (an absolute http(s) URL; open it in this tab). */
export interface PayoutLink {
  url: string;
}

/** GET /user/stripe-account: `{ data: PayoutAccount | null }` (null: no account linked) */
export interface PayoutAccount {
  /** the provider's account id */
  id: string;
  provider: 'local' | 'stripe';
  /** ISO 3166-1 alpha-2 */
  country_code: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  /** while details are not submitted: where to continue onboarding */
  onboarding_link: PayoutLink | null;
  /** once details are submitted: the provider's dashboard for this account */
  dashboard_link: PayoutLink | null;
}

/** POST /user/stripe-account { country_code } */
export interface CreatedPayoutAccount {
  data: PayoutAccount;
  onboarding_link: PayoutLink;
}

/** GET /user/stripe-account/countries: where payout accounts can be opened */
export interface PayoutCountry {
  /** ISO 3166-1 alpha-2 */
  code: string;
  name: string;
}

/** GET /geolocation: the caller's country by IP (ip-api.com's shape) */
export interface Geolocation {
  status: 'success' | 'fail';
  /** ISO 3166-1 alpha-2; null when the lookup failed */
  countryCode: string | null;
}
