import type { Kysely } from 'kysely';
import { addDays, addInterval, PLANS, TRIAL_DAYS } from '../../modules/billing/plans';
import type { Database } from '../schema';

// Billing demo data for the LOCAL payment provider: coupons for everyone to try, and pro@'s
// saved cards, running monthly subscription and past invoices.

export const DEMO_COUPONS = {
  valid: 'WELCOME20',
  expired: 'EXPIRED10',
} as const;

export async function seedBilling(
  trx: Kysely<Database>,
  { proId, at }: { proId: number; at: (days: number, hour?: number) => Date },
): Promise<void> {
  await trx
    .insertInto('coupons')
    .values([
      {
        code: DEMO_COUPONS.valid,
        description: 'Welcome offer: 20% off Guestspot Pro',
        percent_off: 20,
      },
      {
        code: DEMO_COUPONS.expired,
        description: 'Launch offer: 10% off Guestspot Pro',
        percent_off: 10,
        valid_until: at(-30),
      },
      {
        code: 'SAVE100',
        description: '$100 off Guestspot Pro',
        amount_off: 10_000,
      },
    ])
    .execute();

  await trx
    .insertInto('billing_customers')
    .values({ user_id: proId, provider: 'local', customer_id: `cus_local_${proId}` })
    .execute();
  const year = at(0).getUTCFullYear();
  await trx
    .insertInto('local_payment_methods')
    .values([
      {
        id: 'pm_local_demo_visa',
        user_id: proId,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: year + 3,
        is_default: true,
        attached_at: at(-75),
        created_at: at(-75),
      },
      {
        id: 'pm_local_demo_mastercard',
        user_id: proId,
        brand: 'mastercard',
        last4: '4444',
        exp_month: 8,
        exp_year: year + 2,
        attached_at: at(-40),
        created_at: at(-40),
      },
    ])
    .execute();

  // Subscribed 75 days ago: a 14-day trial, then monthly periods up to today.
  const start = at(-75, 10);
  const trialEnd = addDays(start, TRIAL_DAYS);
  const periods: { start: Date; end: Date }[] = [];
  let periodStart = trialEnd;
  const today = at(0, 0);
  while (periodStart <= today) {
    const periodEnd = addInterval(periodStart, 'month');
    periods.push({ start: periodStart, end: periodEnd });
    periodStart = periodEnd;
  }
  const current = periods[periods.length - 1] ?? { start, end: trialEnd };
  const providerId = 'sub_local_demo_pro';
  await trx
    .insertInto('subscriptions')
    .values({
      user_id: proId,
      provider: 'local',
      provider_id: providerId,
      stripe_status: periods.length > 0 ? 'active' : 'trialing',
      plan: 'monthly',
      plan_interval: 'month',
      plan_price: PLANS.monthly.price,
      payment_method_id: 'pm_local_demo_visa',
      trial_ends_at: trialEnd,
      current_period_start: current.start,
      current_period_end: current.end,
      created_at: start,
      updated_at: start,
    })
    .execute();
  await trx
    .insertInto('invoices')
    .values([
      {
        id: 'in_local_demo_trial',
        user_id: proId,
        subscription_ref: providerId,
        description: `Guestspot Pro (monthly): ${TRIAL_DAYS}-day free trial`,
        amount: 0,
        period_start: start,
        period_end: trialEnd,
        card_brand: 'visa',
        card_last4: '4242',
        created_at: start,
      },
      ...periods.map((period, index) => ({
        id: `in_local_demo_${index + 1}`,
        user_id: proId,
        subscription_ref: providerId,
        description: 'Guestspot Pro (monthly)',
        amount: PLANS.monthly.price,
        period_start: period.start,
        period_end: period.end,
        card_brand: 'visa',
        card_last4: '4242',
        created_at: period.start,
      })),
    ])
    .execute();
}
