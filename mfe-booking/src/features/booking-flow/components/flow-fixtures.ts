// Fixtures of the booking flow's tests and stories (no MSW here: stories load this in a browser).
import type { OptionPricesDetail, UpsellPackage } from '@guestspot/shared-api';
import {
  emptyValues,
  flowKeyOf,
  useBookingFlowStore,
  type BookingFlowValues,
} from '../hooks/use-booking-flow-store';

export const GUEST_ID = 5;

/** GET /guests/5/option-prices (prices in cents: $100 and $150). */
export const optionPrices = {
  booking_options: [
    { id: 1, name: 'Virtual Interview', slug: 'virtual-interview', editable: false },
    { id: 2, name: 'Pitch', slug: 'pitch', editable: true },
  ],
  option_prices: [
    { booking_option_id: 1, slug: 'virtual-interview', interview_duration: 30, price: 10_000 },
    { booking_option_id: 1, slug: 'virtual-interview', interview_duration: 60, price: 15_000 },
  ],
} satisfies OptionPricesDetail;

/** One of GET /guests/5/upsell-packages (price in cents: $20). */
export const upsell = {
  id: 7,
  title: 'Social shout-out',
  description: null,
  price: 2_000,
  currency: 'USD',
  url: null,
  social_handle: null,
  profile_type: 'guest',
  profile_name: 'Grace Hopper',
  profile_id: GUEST_ID,
} satisfies UpsellPackage;

/** A booking (or pitch) of guest 5 by show 3 kept in the flow's draft, as far as `values` say. */
export function seedDraft(values: Partial<BookingFlowValues> = {}, isPitch = false) {
  const flowKey = flowKeyOf('guest', GUEST_ID, isPitch);
  useBookingFlowStore.setState({ values: { ...emptyValues(flowKey), ...values } });
}

export function resetStores() {
  useBookingFlowStore.setState({ values: null });
  sessionStorage.clear();
}
