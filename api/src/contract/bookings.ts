import { Type, type Static } from 'typebox';
import {
  Bool,
  Cents,
  Id,
  Int,
  MAX_STRING,
  Nullable,
  OneOf,
  Str,
  StringEnum,
  WebUrl,
  type Sendable,
} from './builders';
import { DataSchema, PaginatedSchema } from './common';
import { INTERVIEW_DURATIONS, MAX_PROPOSED_DATES, PROFILE_SIDES } from '../booking-facts';

// Bookings (issue 17, decisions 099, 103 and 109): what the create reads, the booking as listed
// and as the booking page reads it, and what the four answers (accept, reject, cancel, confirm)
// take. Every booking route declares these schemas, so the browser's types (shared-api) and the
// server's validation and serialisation are one declaration.

// ---- The booking as listed (GET /bookings) and as every booking call answers it ----

/**
 * A rejected booking is canceled, with cancel_kind 'rejected' (decision 099). A booking with an
 * agreed interview time (or agreed elsewhere, scheduled_without_date) is scheduled; the spec's
 * 'confirmed' is no stored status but the derived is_confirmed (decision 111).
 */
export const BOOKING_STATUSES = [
  'pending',
  'accepted',
  'scheduled',
  'completed',
  'canceled',
  'expired',
] as const;

export const BookingStatusSchema = StringEnum(BOOKING_STATUSES);
export type BookingStatus = Static<typeof BookingStatusSchema>;

/** A booking's two sides: the guest profile's and the show profile's. */
export const ProfileSideSchema = StringEnum(PROFILE_SIDES);

const Time = () => Type.String();

export const BookingSchema = Type.Object({
  id: Int(),
  status: BookingStatusSchema,
  is_pitch: Type.Boolean(),
  initiator: ProfileSideSchema,
  /** not yet seen by the viewer's side */
  is_new: Type.Boolean(),
  /** cents */
  price: Int(),
  booking_date: Nullable(Time()),
  created_at: Time(),
  guest_profile: Type.Object({
    id: Int(),
    name: Type.String(),
    title: Nullable(Type.String()),
    imageUrl: Nullable(Type.String()),
  }),
  show_profile: Type.Object({
    id: Int(),
    name: Type.String(),
    imageUrl: Nullable(Type.String()),
  }),
  /** the other side, from the viewer's point of view */
  counterpart: Type.Object({
    type: ProfileSideSchema,
    id: Int(),
    name: Type.String(),
    imageUrl: Nullable(Type.String()),
  }),
});
export type Booking = Static<typeof BookingSchema>;

/** GET /bookings */
export const BookingPageSchema = PaginatedSchema(BookingSchema);

/** The create (201, or 200 for a retry) and the four answers: the booking as the caller sees it. */
export const BookingAnswerSchema = DataSchema(BookingSchema);

// ---- The booking page (GET /bookings/{id}) ----

/**
 * What the viewer may do with the booking now, by the rules the action routes apply: each is
 * PATCH /bookings/{id}/{action} (booking-management… §7, decision 111).
 */
export const BOOKING_ACTIONS = [
  'accept',
  'reject',
  'cancel',
  'confirm',
  'propose-date',
  'reschedule',
  'change-date',
  'scheduling-link',
  // a pitch answered and paid (decision 115)
  'accept-pitch',
  'update-pitch-fee',
  'charge-extra-payment',
  // a recording sent from the booking page (POST, PRO only)
  'video-pitch',
  'audio-pitch',
  // after the interview (decision 116): the show's answers to "did it happen?" (PATCH)
  'completed-action/confirm',
  'completed-action/reschedule',
  'completed-action/cancel',
  // a booking scheduled outside the product (POST)
  'confirm-scheduled',
  'confirm-not-scheduled-yet',
  'undo-scheduled-outside',
  'confirm-happened',
  // the initiator reports that the invitee did not show up (POST)
  'no-show',
] as const;
export const BookingActionSchema = StringEnum(BOOKING_ACTIONS);
export type BookingAction = Static<typeof BookingActionSchema>;

/** One proposed interview time (UTC, ISO 8601). */
export const BookingProposalSchema = Type.Object({
  starts_at: Time(),
  /** the start plus interview_duration (30 minutes when none) */
  ends_at: Time(),
  /** the time the guest confirmed */
  is_confirmed: Type.Boolean(),
});

/** An answer given while booking: to the booked profile's questions, or its MINIVIEW questions. */
export const BookingAnswerItemSchema = Type.Object({
  kind: StringEnum(['booking', 'miniview'] as const),
  question: Type.String(),
  answer: Nullable(Type.String()),
});

/** An upsell as it was when booked (editing the package later changes nothing). */
export const BookedUpsellSchema = Type.Object({
  id: Int(),
  /** the package it was taken from; null once that package is deleted */
  upsell_package_id: Nullable(Int()),
  title: Type.String(),
  description: Nullable(Type.String()),
  url: Nullable(Type.String()),
  social_handle: Nullable(Type.String()),
  /** cents */
  price: Int(),
});

/** How the invitee priced a pitch it accepted (pitch_fee_options.fee_type, decision 115). */
export const PITCH_FEE_TYPES = ['none', 'full', 'special'] as const;
export const PitchFeeTypeSchema = StringEnum(PITCH_FEE_TYPES);
export type PitchFeeType = Static<typeof PitchFeeTypeSchema>;

/**
 * The timeline's entry types (booking-management… §2 "Activity feed"): what happened, and the
 * pending steps the viewer is waiting on or has to take (action-accept-reject, action-pick-dates,
 * action), which the timeline-filtering rules of §4 hide once they are done.
 */
export const TIMELINE_ENTRY_TYPES = [
  'order-started',
  'text_pitch',
  'audio_pitch',
  'video_pitch',
  'proposed_dates',
  'action-accept-reject',
  'action-pick-dates',
  'action',
  'accepted',
  'rejected',
  'canceled',
  'expired',
  'confirmed',
  'updated',
  'message_intent',
  'message',
  // a pitch answered with a fee: the initiator's payment, paid, and a fee changed (decision 115)
  'action-extra-payment',
  'extra-payment',
  'pitch-fee-changed',
  'generic',
] as const;
export const TimelineEntryTypeSchema = StringEnum(TIMELINE_ENTRY_TYPES);
export type TimelineEntryType = Static<typeof TimelineEntryTypeSchema>;

/**
 * One entry of the booking's timeline as the viewer reads it (GET /bookings/{id}/activities and
 * the booking page): a recorded activity, or a pending step. `description` is worded for the
 * viewer (invitee or initiator); emails use the same wording.
 */
export const BookingTimelineEntrySchema = Type.Object({
  /** 'activity-{id}' for what happened, the type for a pending step */
  id: Type.String(),
  type: TimelineEntryTypeSchema,
  description: Type.String(),
  created_at: Time(),
  actor_side: StringEnum(['guest', 'show', 'system'] as const),
  /** the account acted for; null for the system and pending steps */
  actor_user_id: Nullable(Int()),
  /** who was really there while impersonating that account (decision 106); null otherwise */
  impersonator_id: Nullable(Int()),
  /** whether the viewer's side did it (the feed's colours and wording follow it) */
  by_viewer: Type.Boolean(),
  properties: Type.Object({
    /** proposed_dates: the proposed starts (UTC ISO) */
    dates: Type.Optional(Type.Array(Time())),
    /** confirmed / updated: the interview's start (UTC ISO) */
    date: Type.Optional(Time()),
    reason: Type.Optional(Nullable(Type.String())),
    /** message_intent: the shared scheduling link */
    scheduling_link: Type.Optional(Type.String()),
    /** text_pitch: the pitch; message: the message's text as it is now */
    message: Type.Optional(Type.String()),
    /** message: the message (PUT /bookings/{id}/messages/{message_id} edits it) */
    message_id: Type.Optional(Int()),
    /** message: when its sender edited it */
    edited_at: Type.Optional(Nullable(Time())),
    /** message: when the other side read it */
    read_at: Type.Optional(Nullable(Time())),
    /** message: a team member who wrote it for the profile's owner */
    written_by: Type.Optional(Nullable(Type.String())),
    /** message: flagged as "trying to update the booking date" */
    contains_schedule_link: Type.Optional(Type.Boolean()),
    /** audio_pitch / video_pitch: where the recording plays */
    media_url: Type.Optional(Nullable(Type.String())),
    /** order-started, accepted (a pitch's answer), the extra payment and a fee change: cents */
    amount: Type.Optional(Int()),
    is_pitch: Type.Optional(Type.Boolean()),
    /** a pitch's answer or fee change: what the invitee asked for */
    fee_type: Type.Optional(PitchFeeTypeSchema),
  }),
});
export type BookingTimelineEntry = Static<typeof BookingTimelineEntrySchema>;

/** GET /bookings/{id}/activities?sort=asc|desc (default desc, Newest Activity). */
export const BookingActivitiesQuerySchema = Type.Object({
  sort: Type.Optional(OneOf(['asc', 'desc'] as const)),
});
export const BookingActivitiesAnswerSchema = DataSchema(Type.Array(BookingTimelineEntrySchema));

const LedgerStatusSchema = StringEnum(['pending', 'paid', 'void'] as const);

/** How the booker paid (cents), from the booking's ledger (booking_payments). */
export const BookingPaymentSummarySchema = Type.Object({
  status: StringEnum(['none', 'authorized', 'paid', 'refunded', 'void'] as const),
  /** the card hold or charge; null when nothing was asked of a card */
  card: Nullable(Type.Object({ amount: Int(), status: LedgerStatusSchema })),
  /** a pitch's extra payment by card (decision 115); null when none */
  extra: Nullable(Type.Object({ amount: Int(), status: LedgerStatusSchema })),
  /** the store credit used; null when none */
  credit: Nullable(Type.Object({ amount: Int(), status: LedgerStatusSchema })),
  /** the booking code applied, as stored */
  code: Nullable(Type.String()),
  /** what was given back to the booker's card */
  refunds: Type.Array(Type.Object({ amount: Int(), paid_at: Nullable(Time()) })),
});

/**
 * GET /bookings/{id}: the booking as listed plus what the booking page shows, for either side
 * (its profiles' owners and their team members, Basic ones included).
 */
export const BookingDetailSchema = Type.Object({
  ...BookingSchema.properties,
  type: StringEnum(['normal', 'other'] as const),
  /** the side the viewer reads it as (and acts for) */
  viewer_side: ProfileSideSchema,
  /** the counterpart's short title (a guest) or description (a show), for the page's header */
  counterpart_summary: Nullable(Type.String()),
  /** the side whose proposals are open (the other side confirms one); null when none are */
  proposed_by: Nullable(ProfileSideSchema),
  /** a scheduling link shared for agreeing the date elsewhere */
  scheduling_link: Nullable(Type.String()),
  /** the pitch as sent: text, or a recording to play */
  pitch: Nullable(
    Type.Object({
      type: StringEnum(['text', 'audio', 'video'] as const),
      text: Nullable(Type.String()),
      media_url: Nullable(Type.String()),
    }),
  ),
  booking_option: Nullable(Type.Object({ id: Int(), name: Type.String(), slug: Type.String() })),
  /** minutes; null for a pitch */
  interview_duration: Nullable(Int()),
  /** the text pitch */
  message: Nullable(Type.String()),
  is_completed: Type.Boolean(),
  is_canceled: Type.Boolean(),
  is_confirmed: Type.Boolean(),
  is_expired: Type.Boolean(),
  /** the confirmed interview's start */
  confirmed_date: Nullable(Time()),
  confirmed_by_invitee: Type.Boolean(),
  scheduled_without_date: Type.Boolean(),
  wants_guaranteed_response: Type.Boolean(),
  guaranteed_response_by: Nullable(Time()),
  expires_at: Nullable(Time()),
  accepted_at: Nullable(Time()),
  confirmed_at: Nullable(Time()),
  canceled_at: Nullable(Time()),
  cancel_kind: Nullable(StringEnum(['rejected', 'canceled'] as const)),
  canceled_by: Nullable(StringEnum(['guest', 'show', 'system'] as const)),
  cancel_reason: Nullable(Type.String()),
  /** cents */
  full_booking_fee: Int(),
  /** cents: what the pitch itself cost (full_booking_fee − pitch_fee is what its answer added) */
  pitch_fee: Int(),
  /** how the invitee priced the pitch it accepted; null until it is answered */
  pitch_fee_options: Nullable(
    Type.Object({ fee_type: PitchFeeTypeSchema, original_booking_fee: Int() }),
  ),
  /** the difference the initiator pays after a pitch accepted with a fee (cents) */
  extra_payment: Type.Object({
    status: StringEnum(['none', 'pending', 'paid', 'refunded', 'void'] as const),
    amount: Int(),
  }),
  proposals: Type.Array(BookingProposalSchema),
  answers: Type.Array(BookingAnswerItemSchema),
  upsells: Type.Array(BookedUpsellSchema),
  /** oldest first, filtered and worded for the viewer as GET /bookings/{id}/activities */
  timeline: Type.Array(BookingTimelineEntrySchema),
  payment: BookingPaymentSummarySchema,
  /**
   * The invitee's payout, to the invitee's side only (null for the booker's side, or when nothing
   * is paid out): cents, pending until completion releases it, held while a reported no-show
   * waits for support, paid once transferred (decision 116)
   */
  payout: Nullable(
    Type.Object({
      amount: Int(),
      status: StringEnum(['pending', 'held', 'paid', 'void'] as const),
      paid_at: Nullable(Time()),
    }),
  ),
  allowed_actions: Type.Array(BookingActionSchema),
});
export type BookingDetail = Static<typeof BookingDetailSchema>;
export type BookingProposal = Static<typeof BookingProposalSchema>;
export type BookingPaymentSummary = Static<typeof BookingPaymentSummarySchema>;

export const BookingDetailAnswerSchema = DataSchema(BookingDetailSchema);

// ---- Creating a booking: POST /guests/{guest}/book and POST /shows/{show}/book ----

export const MAX_PITCH_TEXT = 300;
export const MAX_BOOKING_ANSWER = 5000;

/**
 * The one chosen option: the option and the price row of its duration. Amounts are the
 * server's: the create compares `card_amount` with its own price (decision 106), and an
 * `amount` sent here is not read (decision 109).
 */
export const BookingOptionChoiceSchema = Type.Object({
  booking_option_id: Id(),
  price_id: Type.Optional(Nullable(Id())),
});

/** The pitch: text, or a saved recording (PRO only). */
export const BookingPitchSchema = Type.Object({
  type: Type.Optional(OneOf(['text', 'audio', 'video'] as const)),
  text: Type.Optional(Nullable(Str({ max: MAX_PITCH_TEXT }))),
  media_uuid: Type.Optional(Nullable(Str({ max: 64 }))),
  media_type: Type.Optional(
    Type.Unsafe<'audio' | 'video' | null>({
      type: ['string', 'null'],
      enum: ['audio', 'video', null],
    }),
  ),
});

/** Fields both creates take; amounts in cents. */
const BookingBodyFields = {
  /**
   * minutes, one of INTERVIEW_DURATIONS (422 otherwise); typed as a number since the browser
   * reads the durations from the profile's prices. Absent or null: a pitch.
   */
  interview_duration: Type.Optional(Type.Unsafe<number>(OneOf(INTERVIEW_DURATIONS))),
  /** cents of store credit to use: what the quote applied */
  store_credit_amount: Type.Optional(Cents()),
  /** what the payment step's quote said the card would be held for; another amount is a 409 */
  card_amount: Type.Optional(Cents()),
  questions: Type.Optional(
    Type.Array(
      Type.Object({
        question_id: Id(),
        answer: Type.Optional(Nullable(Str({ max: MAX_BOOKING_ANSWER }))),
      }),
      { maxItems: 20 },
    ),
  ),
  upsells: Type.Optional(Type.Array(Id(), { maxItems: 20 })),
  /** a saved or just-confirmed payment method id; absent when nothing is charged */
  payment_method: Type.Optional(Str({ max: MAX_STRING })),
  save_payment_method: Type.Optional(Bool()),
  booking_options: Type.Optional(Type.Array(BookingOptionChoiceSchema, { maxItems: 1 })),
  pitch: Type.Optional(BookingPitchSchema),
  source: Type.Optional(OneOf(['web'] as const)),
  is_pitch: Type.Optional(Bool()),
  wants_guaranteed_response: Type.Optional(Bool()),
};

/** POST /guests/{guest}/book: a show of the user books the guest. */
export const GuestBookingBodySchema = Type.Object({
  show_profile_id: Id(),
  /** 1 to 3 UTC times, 'YYYY-MM-DD HH:mm:ss' (ISO also read) */
  proposed_dates: Type.Optional(Type.Array(Str({ max: 32 }), { maxItems: MAX_PROPOSED_DATES })),
  code: Type.Optional(Str({ max: 64 })),
  miniview: Type.Optional(
    Type.Object({
      answers: Type.Optional(
        Type.Array(
          Type.Object({
            question: Str({ max: 1000 }),
            answer: Type.Optional(Nullable(Str({ max: MAX_BOOKING_ANSWER }))),
          }),
          { maxItems: 20 },
        ),
      ),
    }),
  ),
  ...BookingBodyFields,
});

/** POST /shows/{show}/book: the user's guest profile books the show. */
export const ShowBookingBodySchema = Type.Object({ guest_profile_id: Id(), ...BookingBodyFields });

export type GuestBookingPayload = Sendable<Static<typeof GuestBookingBodySchema>>;
export type ShowBookingPayload = Sendable<Static<typeof ShowBookingBodySchema>>;
/** What both creates send. */
export type BookingPayloadBase = Omit<ShowBookingPayload, 'guest_profile_id'>;
export type BookingOptionChoice = Static<typeof BookingOptionChoiceSchema>;
export type BookingPitch = Static<typeof BookingPitchSchema>;

// ---- Acting on a booking: PATCH /bookings/{id}/{action} (BOOKING_ACTIONS) ----

export const MAX_REASON = 1000;

/** /reject and /cancel: an optional reason (blank reads as none). */
export const BookingReasonBodySchema = Type.Object({
  reason: Type.Optional(Nullable(Str({ max: MAX_REASON }))),
});

/**
 * /confirm: one of the proposed dates; /change-date: the scheduled interview's new start. UTC
 * 'YYYY-MM-DD HH:mm:ss' or ISO.
 */
export const BookingConfirmBodySchema = Type.Object({ confirmed_date: Str({ max: 32 }) });

/**
 * /propose-date (no date agreed yet) and /reschedule (a date is agreed; it stays until the other
 * side confirms a new one): 1 to 3 UTC times, 'YYYY-MM-DD HH:mm:ss' (ISO also read). Who
 * proposes is the caller's side (the spec's proposed_by is not read, decision 111).
 */
export const BookingProposeBodySchema = Type.Object({
  proposed_dates: Type.Array(Str({ max: 32 }), { minItems: 1, maxItems: MAX_PROPOSED_DATES }),
});

/** /scheduling-link: a link (http or https) where the date is agreed elsewhere. */
export const BookingSchedulingLinkBodySchema = Type.Object({ url: WebUrl() });

export type BookingReasonPayload = Sendable<Static<typeof BookingReasonBodySchema>>;
export type BookingConfirmPayload = Static<typeof BookingConfirmBodySchema>;
export type BookingProposePayload = Static<typeof BookingProposeBodySchema>;
export type BookingSchedulingLinkPayload = Static<typeof BookingSchedulingLinkBodySchema>;

// ---- A pitch answered and paid (decision 115) ----

/** The pitch's answer (accept-pitch) and a change of its fee (update-pitch-fee). */
export const PITCH_ANSWERS = ['accept', 'accept-pay-full', 'accept-special-price'] as const;
/** Spec §9: the smallest special price, in cents (the absolute value of what is sent). */
export const MIN_SPECIAL_PRICE = 500;
/** Spec §9: a fee change's reason. */
export const MAX_FEE_REASON = 300;

/** PATCH /bookings/{id}/accept-pitch: one of the answers, or reject (with a reason). */
export const PitchAnswerBodySchema = Type.Object({
  action: OneOf([...PITCH_ANSWERS, 'reject'] as const),
  /** accept-special-price: cents, at least MIN_SPECIAL_PRICE (its absolute value) */
  price: Type.Optional(Nullable(Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 }))),
  /** reject: as /reject's */
  reason: Type.Optional(Nullable(Str({ max: MAX_REASON }))),
});

/** PATCH /bookings/{id}/update-pitch-fee: the new answer, and why. */
export const PitchFeeBodySchema = Type.Object({
  action: OneOf(PITCH_ANSWERS),
  price: Type.Optional(Nullable(Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 }))),
  reason: Type.Optional(Nullable(Str({ max: MAX_FEE_REASON }))),
});

/**
 * PATCH /bookings/{id}/charge-extra-payment (with an Idempotency-Key): the store credit to use
 * (cents, what the quote applied), the card amount the quote showed (another is a 409), and a
 * saved or just-confirmed card.
 */
export const ExtraPaymentBodySchema = Type.Object({
  guestspot_cash: Type.Optional(Cents()),
  card_amount: Type.Optional(Cents()),
  payment_method: Type.Optional(Str({ max: MAX_STRING })),
  save_card: Type.Optional(Bool()),
});

/** GET /bookings/{id}/extra-payment-quote?guestspot_cash= (absent: all the credit available). */
export const ExtraPaymentQuoteQuerySchema = Type.Object({
  guestspot_cash: Type.Optional(Cents()),
});

/** What the extra payment costs now, priced by the server (cents). */
export const ExtraPaymentQuoteSchema = Type.Object({
  total: Int(),
  credit_applied: Int(),
  card_amount: Int(),
  requires_card: Type.Boolean(),
  available_credit: Int(),
});
export const ExtraPaymentQuoteAnswerSchema = DataSchema(ExtraPaymentQuoteSchema);

/** POST /bookings/{id}/video-pitch and /audio-pitch: a recording of the caller's, and a text. */
export const PitchRecordingBodySchema = Type.Object({
  media_uuid: Str({ max: 64 }),
  message: Type.Optional(Nullable(Str({ max: MAX_PITCH_TEXT }))),
});

export type PitchAnswer = (typeof PITCH_ANSWERS)[number];
export type PitchAnswerPayload = Sendable<Static<typeof PitchAnswerBodySchema>>;
export type PitchFeePayload = Sendable<Static<typeof PitchFeeBodySchema>>;
export type ExtraPaymentPayload = Sendable<Static<typeof ExtraPaymentBodySchema>>;
export type ExtraPaymentQuote = Static<typeof ExtraPaymentQuoteSchema>;
export type PitchRecordingPayload = Sendable<Static<typeof PitchRecordingBodySchema>>;
