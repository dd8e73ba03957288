import type { AppConfig } from '../../config';
import type { DB } from '../../db/database';
import { LocalPayoutProvider } from './local-provider';
import type { PayoutProvider } from './provider';
import { StripePayoutProvider } from './stripe-provider';

/**
 * Stripe Connect when STRIPE_SECRET_KEY is set; else the offline LOCAL provider unless it is
 * turned off (production without Stripe): then null and the payout calls answer 503.
 */
export async function createPayoutProvider(
  db: DB,
  config: AppConfig,
): Promise<PayoutProvider | null> {
  if (config.stripeSecretKey) return StripePayoutProvider.create(config.stripeSecretKey);
  if (!config.payoutLocal) return null;
  return new LocalPayoutProvider(db, {
    secret: config.sessionSecret,
    appUrl: config.appUrl,
    activationMs: config.payoutLocalActivationMs,
  });
}
