// Test helpers of the booking flow's pages: the profile's calls answered by MSW.
import { http, HttpResponse } from 'msw';
import type { BookingFlowPreferences } from '@guestspot/shared-api';
import { server } from '@guestspot/shared-api/testing';
import { GUEST_ID, optionPrices, upsell } from './flow-fixtures';

export { GUEST_ID, resetStores, seedDraft } from './flow-fixtures';

/** The guest's setup: preferences, prices, its detail (icons, price ids), upsells. */
export function mockGuestApi(preferences: Partial<BookingFlowPreferences> = {}) {
  server.use(
    // The payment step's offers (decision 118): the server's booking types, and no referral.
    http.get('*/api/v1/booking-type', () =>
      HttpResponse.json({
        data: [
          { type: 'normal', name: 'Regular Booking', is_pitch: false },
          { type: 'pitch', name: 'Pitch', is_pitch: true },
        ],
      }),
    ),
    http.get('*/api/v1/referrer-coupons', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`*/api/v1/guests/${GUEST_ID}/booking-flow-preferences`, () =>
      HttpResponse.json({
        data: {
          pitch: true,
          'miniview-questions': false,
          questions: false,
          upsells: false,
          payment: true,
          ...preferences,
        },
      }),
    ),
    http.get(`*/api/v1/guests/${GUEST_ID}/option-prices`, () =>
      HttpResponse.json({ data: optionPrices }),
    ),
    http.get(`*/api/v1/guests/${GUEST_ID}`, () =>
      HttpResponse.json({
        data: {
          id: GUEST_ID,
          name: 'Grace Hopper',
          questions: [],
          booking_options: [
            {
              id: 1,
              name: 'Virtual Interview',
              slug: 'virtual-interview',
              icon_url: null,
              prices: [
                { id: 11, interview_duration: 30, amount: 10_000 },
                { id: 12, interview_duration: 60, amount: 15_000 },
              ],
            },
          ],
        },
      }),
    ),
    http.get(`*/api/v1/guests/${GUEST_ID}/upsell-packages`, () =>
      HttpResponse.json({ data: [upsell] }),
    ),
  );
}
