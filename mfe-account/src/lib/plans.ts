import type { PlanName, Plans } from '@guestspot/shared-api';
import { formatMoney } from '@guestspot/shared-ui';

/** The spec's Pro prices (§9), used until GET /plans answers and for labels. */
export const DEFAULT_PLANS: Plans = {
  monthly: { price: 9700, interval: 'month' },
  yearly: { price: 99700, interval: 'year' },
  trial_days: 14,
};

export const PLAN_LABELS: Record<PlanName, { name: string; per: string }> = {
  monthly: { name: 'Monthly', per: 'per month' },
  yearly: { name: 'Yearly', per: 'per year' },
};

/** Whole dollars, as the spec shows the plans: $97, $997. */
export function formatPlanPrice(plan: PlanName, plans: Plans = DEFAULT_PLANS): string {
  return formatMoney(plans[plan].price, { precision: 'auto' });
}
