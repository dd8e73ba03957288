import type Stripe from 'stripe';
import type {
  OnboardingUrls,
  PayoutAccountHolder,
  PayoutProvider,
  ProviderAccountState,
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

  async unlinkAccount(): Promise<void> {
    // Stripe keeps the Express account (it may hold a balance or past transfers); unlinking only
    // forgets it on our side, which the routes do.
  }
}
