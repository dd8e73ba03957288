// A payout account provider: Stripe Connect (Express accounts) when STRIPE_SECRET_KEY is set, the
// offline LOCAL provider otherwise. The routes keep the app's record (payout_accounts); the
// provider holds the account itself and answers what state it is in.

export interface PayoutAccountHolder {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

export interface ProviderAccountState {
  details_submitted: boolean;
  charges_enabled: boolean;
}

export interface OnboardingUrls {
  /** where the provider sends the browser when the user leaves or finishes onboarding */
  returnUrl: string;
  /** where the provider sends the browser when the link has expired or was used */
  refreshUrl: string;
}

/** Money sent to a connected account (decision 116): a payout or a referral share. */
export interface TransferRequest {
  accountId: string;
  /** cents */
  amount: number;
  currency: 'usd';
  /** the ledger row ('payout:{id}'): the same key answers the same transfer, never a second */
  idempotencyKey: string;
  description: string;
}

export interface PayoutProvider {
  readonly name: 'local' | 'stripe';
  /** Opens an account for the user in the country (ISO alpha-2); returns its id. */
  createAccount(holder: PayoutAccountHolder, countryCode: string): Promise<string>;
  /** The account's state now; null when the provider no longer knows the account. */
  retrieveAccount(accountId: string): Promise<ProviderAccountState | null>;
  /** A short-lived link to the provider's onboarding pages for this account. */
  onboardingLink(accountId: string, urls: OnboardingUrls): Promise<string>;
  /** A short-lived link to the provider's dashboard for this account (details submitted). */
  dashboardLink(accountId: string): Promise<string>;
  /** Forgets the account on our side (unlink); the provider may keep it for its records. */
  unlinkAccount(accountId: string): Promise<void>;
  /** Sends a transfer to the account, once per idempotency key; answers the transfer's id. */
  transfer(request: TransferRequest): Promise<string>;
  /** Takes a transfer back in full (a no-show refunded); reversing twice answers the same. */
  reverseTransfer(transferId: string): Promise<void>;
}
