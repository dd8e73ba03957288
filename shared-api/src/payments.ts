import { api } from '@guestspot/shared-api';
import type { PaymentSort, PaymentsPage, PaymentType } from './types';

// The payments page's call (booking-management… §7 "Payments", decision 119): a month of the
// signed-in user's payments. A paid payment's receipt is its `download_url` (a PDF the server
// makes), opened as a link.

export type {
  Payment,
  PaymentKind,
  PaymentSort,
  PaymentsPage,
  PaymentTotals,
  PaymentType,
} from './types';

export interface PaymentsParams {
  /** YYYY-MM in the user's time zone */
  month: string;
  page?: number;
  search?: string;
  type?: PaymentType | null;
  sort?: PaymentSort;
}

/** GET /payments?filter[for_month]&filter[search]&filter[type]&sort&page */
export function listPayments(params: PaymentsParams): Promise<PaymentsPage> {
  const searchParams: Record<string, string> = { 'filter[for_month]': params.month };
  if (params.page && params.page > 1) searchParams.page = String(params.page);
  if (params.search?.trim()) searchParams['filter[search]'] = params.search.trim();
  if (params.type) searchParams['filter[type]'] = params.type;
  if (params.sort) searchParams.sort = params.sort;
  return api.get('payments', { searchParams }).json();
}
