import type { ListParams } from '@guestspot/shared-api';
import {
  BOOKED_BY,
  BOOKING_SORTS,
  BOOKING_STATUS_FILTER_IDS,
  BOOKINGS_PAGE_SIZE,
  DEFAULT_BOOKING_SORT,
  MAX_AMOUNT_FILTER_CENTS,
  type BookedBy,
  type BookingSort,
  type BookingStatusFilter,
} from '@guestspot/shared-api/booking-list';

// The bookings list's state, kept in the URL (a reload or a shared link shows the same list):
// ?status=is_pending,is_accepted&q=&min=&max=&by=me&month=2026-05&sort=&view=calendar&page=2.
// Values left at their defaults are left out of the URL.

/** Spec §9: the slider's top, in dollars (the API takes cents). */
export const MAX_AMOUNT_DOLLARS = MAX_AMOUNT_FILTER_CENTS / 100;

export type BookingsView = 'list' | 'calendar';

export interface BookingListState {
  page: number;
  statuses: BookingStatusFilter[];
  search: string;
  /** dollars, 0..MAX_AMOUNT_DOLLARS; max at the top means no upper bound */
  minAmount: number;
  maxAmount: number;
  bookedBy: BookedBy | null;
  /** YYYY-MM, the viewer's current month by default (spec §9) */
  month: string;
  sort: BookingSort;
  view: BookingsView;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function dollarsOf(text: string | null, fallback: number): number {
  if (text === null || !/^\d{1,4}$/.test(text)) return fallback;
  return Math.min(MAX_AMOUNT_DOLLARS, Number(text));
}

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null =>
  values.find((value) => value === text) ?? null;

export function readListState(params: URLSearchParams, thisMonth: string): BookingListState {
  const statuses = (params.get('status') ?? '')
    .split(',')
    .map((id) => oneOf(BOOKING_STATUS_FILTER_IDS, id))
    .filter((id): id is BookingStatusFilter => id !== null);
  const month = params.get('month') ?? '';
  const minAmount = dollarsOf(params.get('min'), 0);
  return {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    statuses: [...new Set(statuses)],
    search: params.get('q') ?? '',
    minAmount,
    maxAmount: Math.max(minAmount, dollarsOf(params.get('max'), MAX_AMOUNT_DOLLARS)),
    bookedBy: oneOf(BOOKED_BY, params.get('by')),
    month: MONTH.test(month) ? month : thisMonth,
    sort: oneOf(BOOKING_SORTS, params.get('sort')) ?? DEFAULT_BOOKING_SORT,
    view: params.get('view') === 'calendar' ? 'calendar' : 'list',
  };
}

export function writeListState(state: BookingListState, thisMonth: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.statuses.length) params.set('status', state.statuses.join(','));
  if (state.search) params.set('q', state.search);
  if (state.minAmount > 0) params.set('min', String(state.minAmount));
  if (state.maxAmount < MAX_AMOUNT_DOLLARS) params.set('max', String(state.maxAmount));
  if (state.bookedBy) params.set('by', state.bookedBy);
  if (state.month !== thisMonth) params.set('month', state.month);
  if (state.sort !== DEFAULT_BOOKING_SORT) params.set('sort', state.sort);
  if (state.view !== 'list') params.set('view', state.view);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Whether the amount range narrows anything (the whole slider sends no filter). */
export const amountIsFiltered = (state: Pick<BookingListState, 'minAmount' | 'maxAmount'>) =>
  state.minAmount > 0 || state.maxAmount < MAX_AMOUNT_DOLLARS;

/** GET /bookings' query (spec §7): filter[price] in cents, 'min' alone when the top is open. */
export function listParamsOf(state: BookingListState): ListParams {
  const price = amountIsFiltered(state)
    ? state.maxAmount < MAX_AMOUNT_DOLLARS
      ? `${state.minAmount * 100},${state.maxAmount * 100}`
      : String(state.minAmount * 100)
    : undefined;
  return {
    page: state.page,
    limit: BOOKINGS_PAGE_SIZE,
    sort: state.sort,
    filter: {
      status: state.statuses.length ? state.statuses.join(',') : undefined,
      search: state.search.trim() || undefined,
      price,
      bookedBy: state.bookedBy ?? undefined,
      month: state.month,
    },
  };
}
