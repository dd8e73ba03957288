// Fixtures of the booking page's tests and stories (no MSW here: stories load this in a browser).
// The Build Show (show 4) asked Grace Hopper (guest 3) for an interview; the viewer's zone is
// US/Central, where the request expires on Tue 1 Dec 2026 at 3:00 PM.
import type { BookingDetail, BookingTimelineEntry } from '@guestspot/shared-api';

export const BOOKING_ID = 12;
export const EXPIRES_AT = '2026-12-01T21:00:00Z';
/** Mon 7 Dec, 2:00 PM and Tue 8 Dec, 4:00 PM in US/Central */
export const PROPOSALS = ['2026-12-07T20:00:00Z', '2026-12-08T22:00:00Z'] as const;

const plusMinutes = (iso: string, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000).toISOString().replace('.000Z', 'Z');

export function makeEntry(overrides: Partial<BookingTimelineEntry> = {}): BookingTimelineEntry {
  return {
    id: 'activity-1',
    type: 'generic',
    description: 'Something happened.',
    created_at: '2026-11-28T15:00:00Z',
    actor_side: 'show',
    actor_user_id: 7,
    impersonator_id: null,
    by_viewer: false,
    properties: {},
    ...overrides,
  };
}

/** What the invitee (Grace, the guest) reads of the pending request. */
export const inviteeTimeline: BookingTimelineEntry[] = [
  makeEntry({
    id: 'activity-1',
    type: 'order-started',
    description: 'The Build Show requested an interview.',
    created_at: '2026-11-28T15:00:00Z',
    properties: { amount: 12_550 },
  }),
  makeEntry({
    id: 'activity-2',
    type: 'proposed_dates',
    description: 'The Build Show proposed 2 dates.',
    created_at: '2026-11-28T15:01:00Z',
    properties: { dates: [...PROPOSALS] },
  }),
  makeEntry({
    id: 'action-accept-reject',
    type: 'action-accept-reject',
    description: 'Accept or reject the request of The Build Show.',
    created_at: '2026-11-28T15:01:00Z',
    actor_side: 'system',
    actor_user_id: null,
  }),
  makeEntry({
    id: 'action-pick-dates',
    type: 'action-pick-dates',
    description: 'Pick one of the proposed dates.',
    created_at: '2026-11-28T15:01:00Z',
    actor_side: 'system',
    actor_user_id: null,
  }),
];

/** Grace Hopper reads the booking as its invitee: the show asked, she answers. */
export function makeBookingDetail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return {
    id: BOOKING_ID,
    status: 'pending',
    is_pitch: false,
    initiator: 'show',
    is_new: false,
    price: 12_550,
    booking_date: null,
    created_at: '2026-11-28T15:00:00Z',
    guest_profile: { id: 3, name: 'Grace Hopper', title: 'Admiral', imageUrl: null },
    show_profile: { id: 4, name: 'The Build Show', imageUrl: null },
    counterpart: { type: 'show', id: 4, name: 'The Build Show', imageUrl: null },
    type: 'normal',
    viewer_side: 'guest',
    counterpart_summary: 'A weekly show about the people who build software.',
    proposed_by: 'show',
    scheduling_link: null,
    pitch: null,
    booking_option: { id: 1, name: 'Virtual Interview', slug: 'virtual-interview' },
    interview_duration: 30,
    message: null,
    is_completed: false,
    is_canceled: false,
    is_confirmed: false,
    is_expired: false,
    confirmed_date: null,
    confirmed_by_invitee: false,
    scheduled_without_date: false,
    wants_guaranteed_response: false,
    guaranteed_response_by: null,
    expires_at: EXPIRES_AT,
    accepted_at: null,
    confirmed_at: null,
    canceled_at: null,
    cancel_kind: null,
    canceled_by: null,
    cancel_reason: null,
    full_booking_fee: 12_550,
    pitch_fee: 0,
    pitch_fee_options: null,
    extra_payment: { status: 'none', amount: 0 },
    proposals: PROPOSALS.map((starts_at) => ({
      starts_at,
      ends_at: plusMinutes(starts_at, 30),
      is_confirmed: false,
    })),
    answers: [
      { kind: 'booking', question: 'What would you like to talk about?', answer: 'Compilers.' },
      { kind: 'booking', question: 'Anything we should avoid?', answer: null },
      { kind: 'miniview', question: 'Introduce yourself in a minute.', answer: 'I wrote one.' },
    ],
    upsells: [
      {
        id: 1,
        upsell_package_id: 2,
        title: 'Social shout-out',
        description: 'A post about the episode on our channels.',
        url: 'https://example.com/shout-out',
        social_handle: '@buildshow',
        price: 2_500,
      },
    ],
    timeline: inviteeTimeline,
    payment: {
      status: 'authorized',
      card: { amount: 10_050, status: 'pending' },
      extra: null,
      credit: { amount: 2_500, status: 'pending' },
      code: null,
      refunds: [],
    },
    payout: { amount: 16000, status: 'pending', paid_at: null },
    allowed_actions: ['accept', 'reject', 'confirm'],
    ...overrides,
  };
}

/** The Build Show's owner reads the same request as its initiator: it waits for Grace. */
export function makeInitiatorBooking(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return makeBookingDetail({
    viewer_side: 'show',
    counterpart: { type: 'guest', id: 3, name: 'Grace Hopper', imageUrl: null },
    counterpart_summary: 'Admiral',
    timeline: [
      makeEntry({
        id: 'activity-1',
        type: 'order-started',
        description: 'You requested an interview with Grace Hopper.',
        by_viewer: true,
        properties: { amount: 12_550 },
      }),
    ],
    payout: null,
    allowed_actions: ['cancel'],
    ...overrides,
  });
}

/** A date agreed: Mon 7 Dec, 2:00 PM in US/Central. */
export function makeScheduledBooking(overrides: Partial<BookingDetail> = {}): BookingDetail {
  const [agreed] = PROPOSALS;
  return makeBookingDetail({
    status: 'scheduled',
    is_confirmed: true,
    booking_date: agreed,
    confirmed_date: agreed,
    accepted_at: '2026-11-29T10:00:00Z',
    confirmed_at: '2026-11-29T10:00:00Z',
    expires_at: null,
    proposed_by: null,
    proposals: [{ starts_at: agreed, ends_at: plusMinutes(agreed, 30), is_confirmed: true }],
    payment: {
      status: 'paid',
      card: { amount: 10_050, status: 'paid' },
      extra: null,
      credit: { amount: 2_500, status: 'paid' },
      code: 'SPRING10',
      refunds: [],
    },
    timeline: [
      ...inviteeTimeline.slice(0, 2),
      makeEntry({
        id: 'activity-3',
        type: 'confirmed',
        description: 'You confirmed the interview date.',
        created_at: '2026-11-29T10:00:00Z',
        actor_side: 'guest',
        by_viewer: true,
        properties: { date: agreed },
      }),
    ],
    allowed_actions: ['cancel', 'reschedule', 'change-date'],
    ...overrides,
  });
}

/** Grace rejected the request. */
export function makeCanceledBooking(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return makeBookingDetail({
    status: 'canceled',
    is_canceled: true,
    expires_at: null,
    canceled_at: '2026-11-29T10:00:00Z',
    cancel_kind: 'rejected',
    canceled_by: 'guest',
    cancel_reason: 'I am travelling that month.',
    payment: {
      status: 'void',
      card: { amount: 10_050, status: 'void' },
      extra: null,
      credit: { amount: 2_500, status: 'void' },
      code: null,
      refunds: [],
    },
    timeline: [
      ...inviteeTimeline.slice(0, 2),
      makeEntry({
        id: 'activity-3',
        type: 'rejected',
        description: 'You rejected the request.',
        created_at: '2026-11-29T10:00:00Z',
        actor_side: 'guest',
        by_viewer: true,
        properties: { reason: 'I am travelling that month.' },
      }),
    ],
    allowed_actions: [],
    ...overrides,
  });
}
