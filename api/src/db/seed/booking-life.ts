import type { Kysely } from 'kysely';
import { priceBooking } from '../../modules/booking-money/pricing';
import type { Database } from '../schema';
import type { ProfileSide } from '../../booking-facts';

// The demo bookings' lives (decision 099): the timeline, the answers and upsells bought, the
// payments ledger and the confirmed times each one's status implies. Runs after the booking
// setup (questions and upsell packages) exists. The money is priced by the same priceBooking
// as a live booking and moved as acceptBooking and the cancel/expiry would have moved it, so
// the seeded ledger passes the standing money check (booking-money/ledger-check.ts).

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The LOCAL provider's charge behind a demo booking's card payment. */
const seedChargeId = (bookingId: number) => `pi_local_seed_${bookingId}`;

type LedgerStatus = 'pending' | 'paid' | 'void';
type LedgerKind = 'charge' | 'store_credit' | 'service_fee' | 'payout' | 'referral_share';

/** What acceptance takes from the booker: their payment, and the fee too when the guest booked. */
const settledOnAcceptance = (kind: LedgerKind, booker: ProfileSide) =>
  kind === 'charge' || kind === 'store_credit' || (kind === 'service_fee' && booker === 'guest');

const PITCH_TEXT =
  'I have a story your listeners have not heard yet: how we rebuilt after losing it all.';
const ANSWERS = [
  'The first ninety days of a new habit, and what to do when it slips.',
  'On my website and every podcast app.',
  'Short, practical segments work best for me.',
];

export async function seedBookingLife(trx: Kysely<Database>): Promise<void> {
  const bookings = await trx
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .innerJoin('users as gu', 'gu.id', 'g.user_id')
    .innerJoin('users as su', 'su.id', 's.user_id')
    .select([
      'b.id',
      'b.status',
      'b.initiator',
      'b.is_pitch',
      'b.price',
      'b.interview_duration',
      'b.booking_date',
      'b.proposed_dates',
      'b.created_at',
      'b.guest_profile_id',
      'b.show_profile_id',
      'g.user_id as guest_user_id',
      's.user_id as show_user_id',
      'gu.referred_by as guest_referred_by',
      'su.referred_by as show_referred_by',
    ])
    .orderBy('b.id')
    .execute();

  for (const booking of bookings) {
    const booker: ProfileSide = booking.initiator;
    const invitee: ProfileSide = booker === 'guest' ? 'show' : 'guest';
    const userOf = (side: ProfileSide) =>
      side === 'guest' ? booking.guest_user_id : booking.show_user_id;
    const created = booking.created_at;
    const later = (ms: number) => new Date(created.getTime() + ms);
    const activities: {
      type: string;
      side: ProfileSide | 'system';
      at: Date;
      payload?: Record<string, unknown>;
    }[] = [];

    // The booked profile's questions, answered by the booker; its first upsell on paid bookings.
    const bookedFk = invitee === 'guest' ? 'guest_profile_id' : 'show_profile_id';
    const bookedId = invitee === 'guest' ? booking.guest_profile_id : booking.show_profile_id;
    const questions = await trx
      .selectFrom('booking_questions')
      .select('body')
      .where(bookedFk, '=', bookedId)
      .where('type', '=', booking.is_pitch ? 'pitch' : 'booking')
      .orderBy('position')
      .execute();
    if (questions.length > 0) {
      await trx
        .insertInto('booking_question_answers')
        .values(
          questions.map((question, position) => ({
            booking_id: booking.id,
            position,
            question: question.body,
            answer: ANSWERS[position % ANSWERS.length] ?? null,
          })),
        )
        .execute();
    }
    const upsell =
      booking.price > 0 && booker === 'guest'
        ? await trx
            .selectFrom('upsell_packages')
            .selectAll()
            .where(bookedFk, '=', bookedId)
            .orderBy('id')
            .executeTakeFirst()
        : undefined;
    if (upsell) {
      await trx
        .insertInto('booking_upsells')
        .values({
          booking_id: booking.id,
          upsell_package_id: upsell.id,
          title: upsell.title,
          description: upsell.description,
          url: upsell.url,
          social_handle: upsell.social_handle,
          price: upsell.price,
        })
        .execute();
    }

    // The price as a live booking gets it: the seeded price is the option's (no code, no credit).
    const price = priceBooking({
      bookedSide: invitee,
      option: { name: booking.is_pitch ? 'Pitch' : 'Virtual Interview', price: booking.price },
      upsells: upsell ? [upsell] : [],
      code: null,
      availableCredit: 0,
      bookerReferred:
        (booker === 'guest' ? booking.guest_referred_by : booking.show_referred_by) !== null,
    });
    activities.push({
      type: 'order-started',
      side: booker,
      at: created,
      payload: {
        is_pitch: booking.is_pitch,
        amount: price.total,
        card_amount: price.cardAmount,
        store_credit: price.creditApplied,
        code: null,
        wants_guaranteed_response: false,
      },
    });

    if (booking.is_pitch) {
      activities.push({
        type: 'text-pitch',
        side: booker,
        at: later(60_000),
        payload: { message: PITCH_TEXT },
      });
    }
    if (booking.proposed_dates.length > 0) {
      activities.push({
        type: 'proposed_dates',
        side: booker,
        at: later(120_000),
        payload: { dates: booking.proposed_dates, rescheduled: false },
      });
    }

    const accepted = ['accepted', 'scheduled', 'completed'].includes(booking.status);
    const acceptedAt = accepted ? later(DAY) : null;
    if (acceptedAt) activities.push({ type: 'accepted', side: invitee, at: acceptedAt });

    const dated =
      booking.booking_date !== null && ['scheduled', 'completed'].includes(booking.status);
    const confirmedAt = dated ? later(DAY + HOUR) : null;
    if (dated && booking.booking_date && confirmedAt) {
      const endsAt = new Date(
        booking.booking_date.getTime() + (booking.interview_duration ?? 30) * 60_000,
      );
      await trx
        .insertInto('guest_confirmed_times')
        .values({
          booking_id: booking.id,
          guest_profile_id: booking.guest_profile_id,
          starts_at: booking.booking_date,
          ends_at: endsAt,
          created_at: confirmedAt,
        })
        .execute();
      activities.push({
        type: 'confirmed',
        side: invitee,
        at: confirmedAt,
        payload: {
          date: booking.booking_date.toISOString(),
          ends_at: endsAt.toISOString(),
          updated: false,
        },
      });
    }
    if (booking.status === 'completed' && booking.booking_date) {
      activities.push({
        type: 'completed',
        side: 'system',
        at: new Date(booking.booking_date.getTime() + DAY),
      });
    }

    // The demo's one canceled pitch was the show saying no: a rejection (the old 'rejected').
    const rejected = booking.status === 'canceled' && booking.is_pitch;
    const canceledAt = booking.status === 'canceled' ? later(2 * DAY) : null;
    const canceledBy: ProfileSide = rejected ? invitee : booker;
    const cancelReason = rejected
      ? 'Not a fit for our upcoming season.'
      : 'Our recording schedule changed.';
    if (canceledAt) {
      activities.push({
        type: rejected ? 'rejected' : 'canceled',
        side: canceledBy,
        at: canceledAt,
        payload: { reason: cancelReason },
      });
    }
    const expiresAt = later(7 * DAY);
    if (booking.status === 'expired')
      activities.push({ type: 'expired', side: 'system', at: expiresAt });

    // The ledger as createBooking writes it (zero rows left out), moved as the booking's life
    // moved it: acceptance takes what the booker pays (acceptBooking), an ending before
    // acceptance voids everything (endBooking), and a completed booking has paid out too.
    const dead = booking.status === 'canceled' || booking.status === 'expired';
    const completedAt =
      booking.status === 'completed'
        ? booking.booking_date
          ? new Date(booking.booking_date.getTime() + DAY)
          : later(30 * DAY)
        : null;
    const statusOf = (kind: LedgerKind): { status: LedgerStatus; paidAt: Date | null } => {
      if (dead) return { status: 'void', paidAt: null };
      if (acceptedAt && settledOnAcceptance(kind, booker)) {
        return { status: 'paid', paidAt: acceptedAt };
      }
      if (completedAt) return { status: 'paid', paidAt: completedAt };
      return { status: 'pending', paidAt: null };
    };
    const rows: {
      side: ProfileSide;
      direction: 'incoming' | 'outgoing';
      kind: LedgerKind;
      amount: number;
    }[] = [
      { side: booker, direction: 'outgoing', kind: 'charge', amount: price.cardAmount },
      { side: booker, direction: 'outgoing', kind: 'store_credit', amount: price.creditApplied },
      { side: 'guest', direction: 'outgoing', kind: 'service_fee', amount: price.split.serviceFee },
      { side: invitee, direction: 'incoming', kind: 'payout', amount: price.split.payee },
      {
        side: booker,
        direction: 'outgoing',
        kind: 'referral_share',
        amount: price.split.referralShare,
      },
    ];
    const ledger = rows.filter((row) => row.amount > 0);
    // The card's hold or payment is a real LOCAL charge: accepting, rejecting or canceling a
    // demo booking moves it like any other.
    const card = statusOf('charge');
    if (price.cardAmount > 0) {
      await trx
        .insertInto('local_charges')
        .values({
          id: seedChargeId(booking.id),
          user_id: userOf(booker),
          idempotency_key: `seed:${booking.id}`,
          amount: price.cardAmount,
          currency: 'usd',
          payment_method_id: 'pm_card_visa',
          description: `Booking #${booking.id}`,
          status:
            card.status === 'pending'
              ? 'requires_capture'
              : card.status === 'paid'
                ? 'succeeded'
                : 'canceled',
          captured_at: card.paidAt,
          released_at: card.status === 'void' ? (canceledAt ?? expiresAt) : null,
          created_at: created,
        })
        .execute();
    }
    if (ledger.length > 0) {
      await trx
        .insertInto('booking_payments')
        .values(
          ledger.map((row) => {
            const { status, paidAt } = statusOf(row.kind);
            return {
              booking_id: booking.id,
              ...row,
              status,
              provider_reference: row.kind === 'charge' ? seedChargeId(booking.id) : null,
              paid_at: paidAt,
              created_at: created,
            };
          }),
        )
        .execute();
    }
    const paymentStatus =
      price.cardAmount === 0
        ? 'none'
        : card.status === 'pending'
          ? 'authorized'
          : card.status === 'paid'
            ? 'paid'
            : 'void';

    await trx
      .insertInto('booking_activities')
      .values(
        activities.map((activity) => ({
          booking_id: booking.id,
          type: activity.type,
          actor_side: activity.side,
          actor_user_id: activity.side === 'system' ? null : userOf(activity.side),
          payload: JSON.stringify(activity.payload ?? {}),
          created_at: activity.at,
        })),
      )
      .execute();

    await trx
      .updateTable('bookings')
      .set({
        booker_user_id: userOf(booker),
        price: price.total,
        full_booking_fee: price.total,
        store_credit_amount: price.creditApplied,
        payment_status: paymentStatus,
        accepted_at: acceptedAt,
        confirmed_at: confirmedAt,
        // The invitee picked the booker's proposal.
        confirmed_by_invitee: dated,
        expires_at: booking.status === 'pending' || booking.status === 'expired' ? expiresAt : null,
        canceled_at: canceledAt,
        cancel_kind: canceledAt ? (rejected ? 'rejected' : 'canceled') : null,
        canceled_by: canceledAt ? canceledBy : null,
        canceled_by_user_id: canceledAt ? userOf(canceledBy) : null,
        cancel_reason: canceledAt ? cancelReason : null,
        message: booking.is_pitch ? PITCH_TEXT : null,
      })
      .where('id', '=', booking.id)
      .execute();
  }
}
