import type { PaymentMethod } from '@guestspot/shared-api';
import { formatDate } from '@guestspot/shared-ui';

// How billing records read on screen, shared by the payment-method and subscription features
// and the Subscribe form.

export function brandName(brand: string): string {
  if (brand === 'mastercard') return 'Mastercard';
  if (brand === 'amex') return 'American Express';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** 'Visa ending in 4242' */
export function cardName(method: PaymentMethod): string {
  return `${brandName(method.brand)} ending in ${method.last4}`;
}

/** '12/2030' */
export function cardExpiry(method: PaymentMethod): string {
  return `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
}

/** 'Visa ending in 4242 (expires 12/2030)' */
export function cardLabel(method: PaymentMethod): string {
  return `${cardName(method)} (expires ${cardExpiry(method)})`;
}

/** 'Month D, YYYY' (spec §9) in the account's timezone (the browser's if it is unknown). */
export function formatBillingDate(iso: string, timezone?: string | null): string {
  return formatDate(iso, 'long-date', { timeZone: timezone });
}
