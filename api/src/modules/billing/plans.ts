import type { PlanInterval, PlanName, Plans } from '../../contract';

// The spec's Pro prices (USD): monthly 97, yearly 997; a 14-day trial before billing.

export const TRIAL_DAYS = 14;

export const PLANS: Plans = {
  monthly: { price: 9_700, interval: 'month' },
  yearly: { price: 99_700, interval: 'year' },
  trial_days: TRIAL_DAYS,
};

export const PLAN_NAMES: readonly PlanName[] = ['monthly', 'yearly'];

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** One billing interval later, in UTC calendar terms (Jan 31 + 1 month = Feb 28/29, like Stripe). */
export function addInterval(date: Date, interval: PlanInterval): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
