import type Stripe from 'stripe';
import type {
  OnboardingUrls,
  PayoutAccountHolder,
  PayoutProvider,
  ProviderAccountState,
  TransferRequest,
} from './provider';

// Stripe Connect Express accounts, used when STRIPE_SECRET_KEY is set. Never constructed in tests
// or offline. Onboarding and the dashboard are Stripe's hosted pages (account links, login links).

export class StripePayoutProvider implements PayoutProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  static async create(secretKey: string): Promise<StripePayoutProvider> {
    const { default: StripeClient } = await import('stripe');
    return new StripePayoutProvider(
      new StripeClient(secretKey, { maxNetworkRetries: 1, timeout: 20_000 }),
    );
  }

  async createAccount(holder: PayoutAccountHolder, countryCode: string): Promise<string> {
    const account = await this.stripe.accounts.create({
      type: 'express',
      country: countryCode,
      email: holder.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { user_id: String(holder.id) },
    });
    return account.id;
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccountState | null> {
    try {
      const account = await this.stripe.accounts.retrieve(accountId);
      return {
        details_submitted: account.details_submitted ?? false,
        charges_enabled: account.charges_enabled ?? false,
      };
    } catch (error) {
      // The account was deleted on Stripe's side (or this platform lost access to it).
      const code = (error as { code?: unknown }).code;
      if (code === 'account_invalid' || code === 'resource_missing') return null;
      throw error;
    }
  }

  async onboardingLink(accountId: string, urls: OnboardingUrls): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: urls.returnUrl,
      refresh_url: urls.refreshUrl,
    });
    return link.url;
  }

  async dashboardLink(accountId: string): Promise<string> {
    const link = await this.stripe.accounts.createLoginLink(accountId);
    return link.url;
  }

  async transfer(request: TransferRequest): Promise<string> {
    // Stripe keeps an idempotency key for 24 hours: a retry later finds the transfer by its
    // group (the key) instead of sending a second one.
    const earlier = await this.stripe.transfers.list({
      transfer_group: request.idempotencyKey,
      limit: 1,
    });
    if (earlier.data[0]) return earlier.data[0].id;
    const transfer = await this.stripe.transfers.create(
      {
        amount: request.amount,
        currency: request.currency,
        destination: request.accountId,
        transfer_group: request.idempotencyKey,
        description: request.description,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return transfer.id;
  }

  async reverseTransfer(transferId: string): Promise<void> {
    const transfer = await this.stripe.transfers.retrieve(transferId);
    if (transfer.reversed) return;
    await this.stripe.transfers.createReversal(
      transferId,
      {},
      { idempotencyKey: `reversal:${transferId}` },
    );
  }

  async unlinkAccount(): Promise<void> {
    // Stripe keeps the Express account (it may hold a balance or past transfers); unlinking only
    // forgets it on our side, which the routes do.
  }
}
