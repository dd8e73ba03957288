import type { BookingDetail, BookingProposal } from '../../contract';
import type { DB } from '../../db/database';
import type { AuthUser } from '../auth/require-user';
import { paymentSummaryOf, payoutSummaryOf } from '../booking-money/ledger';
import { mediaUrl } from '../uploads/service';
import { allowedActions, bookingForViewer, viewerSideOf } from './action-rules';
import { DEFAULT_INTERVIEW_MINUTES, derivedFlags } from './lifecycle';
import { BOOKING_COLUMNS, bookingsWithProfiles, toBooking } from './queries';
import { timelineFor } from './timeline';

// GET /bookings/{id}: what the booking page shows (booking-management… §2 "Booking detail page",
// §3 "Booking"), for either side. Who may read it is who may act on it (action-rules.ts: the
// profiles' owners and their team members, Basic ones included); anyone else gets 404.

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The header's line under the counterpart's name: about 140 characters, cut at a word. */
export const SUMMARY_LENGTH = 140;

export function summaryOf(text: string | null): string | null {
  const flat = text?.replace(/\s+/g, ' ').trim() ?? '';
  if (flat === '') return null;
  if (flat.length <= SUMMARY_LENGTH) return flat;
  const cut = flat.slice(0, SUMMARY_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The booking's own columns the page shows, with its option and its agreed time. */
async function pageRowOf(db: DB, bookingId: number) {
  return bookingsWithProfiles(db)
    .leftJoin('booking_options as o', 'o.id', 'b.booking_option_id')
    .leftJoin('guest_confirmed_times as t', 't.booking_id', 'b.id')
    .select(BOOKING_COLUMNS)
    .select([
      'b.type',
      'b.interview_duration',
      'b.message',
      'b.confirmed_by_invitee',
      'b.scheduled_without_date',
      'b.wants_guaranteed_response',
      'b.guaranteed_response_by',
      'b.expires_at',
      'b.accepted_at',
      'b.confirmed_at',
      'b.canceled_at',
      'b.cancel_kind',
      'b.canceled_by',
      'b.cancel_reason',
      'b.full_booking_fee',
      'b.pitch_fee',
      'b.pitch_fee_options',
      'b.extra_fee',
      'b.extra_payment_status',
      'b.code',
      'b.payment_status',
      'b.proposed_by',
      'b.scheduling_link',
      'b.no_show_reported_at',
      'b.no_show_outcome',
      'g.title as guest_summary',
      's.description as show_summary',
      'o.id as option_id',
      'o.name as option_name',
      'o.slug as option_slug',
      't.starts_at as confirmed_starts_at',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
}

/** The booking, its proposals, answers, upsells, timeline, payment and what the viewer may do. */
export async function bookingDetailFor(
  db: DB,
  user: AuthUser,
  bookingId: number,
  now: Date,
): Promise<BookingDetail> {
  const { booking, roles } = await bookingForViewer(db, user, bookingId);
  const side = viewerSideOf(booking, roles);
  const row = await pageRowOf(db, bookingId);
  const [answers, upsells, timeline, payment, pitch, payout] = await Promise.all([
    answersOf(db, bookingId),
    upsellsOf(db, bookingId),
    timelineFor(db, booking, side, now, 'asc'),
    paymentSummaryOf(db, row),
    pitchOf(db, bookingId, row.message),
    // the invitee's side reads what it is paid (decision 116); the booker's side does not
    side === booking.initiator ? null : payoutSummaryOf(db, { ...row, id: bookingId }),
  ]);
  return {
    ...toBooking(row, side),
    type: row.type,
    viewer_side: side,
    counterpart_summary: summaryOf(side === 'guest' ? row.show_summary : row.guest_summary),
    proposed_by: row.proposed_by,
    scheduling_link: row.scheduling_link,
    pitch,
    booking_option:
      row.option_id === null
        ? null
        : { id: row.option_id, name: row.option_name ?? '', slug: row.option_slug ?? '' },
    interview_duration: row.interview_duration,
    message: row.message,
    ...derivedFlags(row.status, row.confirmed_starts_at !== null),
    confirmed_date: iso(row.confirmed_starts_at),
    confirmed_by_invitee: row.confirmed_by_invitee,
    scheduled_without_date: row.scheduled_without_date,
    wants_guaranteed_response: row.wants_guaranteed_response,
    guaranteed_response_by: iso(row.guaranteed_response_by),
    expires_at: iso(row.expires_at),
    accepted_at: iso(row.accepted_at),
    confirmed_at: iso(row.confirmed_at),
    canceled_at: iso(row.canceled_at),
    cancel_kind: row.cancel_kind,
    canceled_by: row.canceled_by,
    cancel_reason: row.cancel_reason,
    full_booking_fee: row.full_booking_fee,
    ...pitchFeeOf(row),
    proposals: proposalsOf(booking.proposed_dates, row.interview_duration, row.confirmed_starts_at),
    answers,
    upsells,
    timeline,
    payment,
    payout,
    allowed_actions: allowedActions(booking, roles, user, now),
  };
}

/** A pitch's answer (decision 115): what it cost, the fee asked, and the extra payment. */
function pitchFeeOf(
  row: Pick<
    Awaited<ReturnType<typeof pageRowOf>>,
    'pitch_fee' | 'pitch_fee_options' | 'extra_fee' | 'extra_payment_status'
  >,
): Pick<BookingDetail, 'pitch_fee' | 'pitch_fee_options' | 'extra_payment'> {
  const options = row.pitch_fee_options;
  const feeType = options?.fee_type;
  return {
    pitch_fee: row.pitch_fee,
    pitch_fee_options:
      feeType === 'none' || feeType === 'full' || feeType === 'special'
        ? { fee_type: feeType, original_booking_fee: options?.original_booking_fee ?? 0 }
        : null,
    extra_payment: { status: row.extra_payment_status, amount: row.extra_fee },
  };
}

/** Each proposed start with its end, and whether it is the confirmed one. */
function proposalsOf(
  dates: readonly string[],
  minutes: number | null,
  confirmed: Date | null,
): BookingProposal[] {
  const length = (minutes ?? DEFAULT_INTERVIEW_MINUTES) * 60_000;
  return dates.map((text) => {
    const start = new Date(text);
    return {
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + length).toISOString(),
      is_confirmed: confirmed !== null && confirmed.getTime() === start.getTime(),
    };
  });
}

/** The answers given while booking: the booking questions', then the MINIVIEW questions'. */
async function answersOf(db: DB, bookingId: number) {
  return db
    .selectFrom('booking_question_answers')
    .select(['kind', 'question', 'answer'])
    .where('booking_id', '=', bookingId)
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The upsells as they were when booked. */
async function upsellsOf(db: DB, bookingId: number) {
  return db
    .selectFrom('booking_upsells')
    .select(['id', 'upsell_package_id', 'title', 'description', 'url', 'social_handle', 'price'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The pitch as sent (its timeline entry): the text, or where its recording plays. */
async function pitchOf(
  db: DB,
  bookingId: number,
  message: string | null,
): Promise<BookingDetail['pitch']> {
  const row = await db
    .selectFrom('booking_activities')
    .select(['type', 'payload'])
    .where('booking_id', '=', bookingId)
    .where('type', 'in', ['text-pitch', 'audio-pitch', 'video-pitch'])
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return message === null ? null : { type: 'text', text: message, media_url: null };
  if (row.type === 'text-pitch') {
    const text = typeof row.payload.message === 'string' ? row.payload.message : message;
    return { type: 'text', text, media_url: null };
  }
  const uuid = typeof row.payload.media_uuid === 'string' ? row.payload.media_uuid : null;
  return {
    type: row.type === 'audio-pitch' ? 'audio' : 'video',
    text: null,
    media_url: uuid ? mediaUrl(uuid) : null,
  };
}
