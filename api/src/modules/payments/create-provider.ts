import type { AppConfig } from '../../config';
import type { DB } from '../../db/database';
import { LocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the offline LOCAL provider. */
export async function createPaymentProvider(db: DB, config: AppConfig): Promise<PaymentProvider> {
  if (!config.stripeSecretKey) return new LocalPaymentProvider(db);
  return StripePaymentProvider.create(db, {
    secretKey: config.stripeSecretKey,
    publishableKey: config.stripePublishableKey,
    prices: { monthly: config.stripePriceMonthly, yearly: config.stripePriceYearly },
  });
}
