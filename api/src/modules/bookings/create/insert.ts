import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { creditBalanceOf, lockSpender, recordBookingMoney } from '../../booking-money/ledger';
import type { ProviderCharge } from '../../payments/provider';
import { otherSide, recordActivity, type BookingActor } from '../lifecycle';
import type { Checked, CreateBookingInput } from './types';

// Writing a booking the checks accepted, in one transaction (decision 099): the booking
// (pending, answered within 7 days or the guaranteed 48 hours), its answers and upsell
// snapshots, its timeline, and its money through booking-money/ledger.ts.

type Trx = Transaction<Database>;

export const CREDIT_CHANGED_MESSAGE = 'Your store credit has changed. Please review your booking.';
/** The spec gives no expiry: the demo data's (db/seed/booking-life.ts) 7 days. */
export const BOOKING_EXPIRY_DAYS = 7;
/** A guaranteed response (decision 103): the invitee answers within this, or the booking
 * expires then and the hold is released. */
export const GUARANTEED_RESPONSE_HOURS = 48;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an unanswered booking expires: 7 days, or the guaranteed response's 48 hours. */
export function answerDeadlines(
  now: Date,
  guaranteed: boolean,
): { expires_at: Date; guaranteed_response_by: Date | null } {
  if (!guaranteed) {
    return {
      expires_at: new Date(now.getTime() + BOOKING_EXPIRY_DAYS * DAY_MS),
      guaranteed_response_by: null,
    };
  }
  const by = new Date(now.getTime() + GUARANTEED_RESPONSE_HOURS * 60 * 60 * 1000);
  return { expires_at: by, guaranteed_response_by: by };
}

export interface InsertContext {
  /** the booker's account */
  userId: number;
  actor: BookingActor;
  input: CreateBookingInput;
  checked: Checked;
  charge: ProviderCharge | null;
  provider: 'local' | 'stripe';
  now: Date;
}

/** The booking, its answers, upsells, timeline and money; the new booking's id. */
export async function insertBooking(trx: Trx, context: InsertContext): Promise<number> {
  const { userId, checked, now } = context;
  const { price } = checked.quote;
  // One booking at a time per booker: the credit read here cannot be spent twice.
  await lockSpender(trx, userId);
  if (price.creditApplied > 0) {
    const credit = await creditBalanceOf(trx, userId, now);
    if (credit.available < price.creditApplied) throw new HttpError(409, CREDIT_CHANGED_MESSAGE);
  }
  const id = await insertBookingRow(trx, context);
  await insertAnswers(trx, id, checked);
  await insertUpsells(trx, id, checked);
  await recordCreation(trx, id, context);
  await recordBookingMoney(trx, {
    bookingId: id,
    bookerUserId: userId,
    bookedSide: context.input.bookedSide,
    price,
    charge: context.charge,
    provider: context.provider,
    impersonatorId: context.actor.impersonatorId ?? null,
    now,
  });
  return id;
}

/** The text of a text pitch, stored as the booking's message. */
const pitchTextOf = ({ input, checked }: Pick<InsertContext, 'input' | 'checked'>) =>
  checked.pitchType === 'text' ? (input.pitch?.text?.trim() ?? null) : null;

async function insertBookingRow(trx: Trx, context: InsertContext): Promise<number> {
  const { input, checked, charge, now } = context;
  const { price } = checked.quote;
  const bookerSide = otherSide(input.bookedSide);
  const guestId = input.bookedSide === 'guest' ? checked.booked.id : checked.booker.id;
  const showId = input.bookedSide === 'show' ? checked.booked.id : checked.booker.id;
  const booking = await trx
    .insertInto('bookings')
    .values({
      guest_profile_id: guestId,
      show_profile_id: showId,
      booking_option_id: checked.quote.optionId,
      initiator: bookerSide,
      status: 'pending',
      is_pitch: input.isPitch,
      price: price.total,
      full_booking_fee: price.total,
      // what a pitch cost: its answer's fee is owed on top of it (decision 115)
      pitch_fee: input.isPitch ? price.total : 0,
      store_credit_amount: price.creditApplied,
      interview_duration: input.interviewDuration,
      proposed_dates: JSON.stringify(checked.proposed.map((date) => date.toISOString())),
      // The booker's proposals are open: the invitee confirms one (decision 111).
      proposed_by: checked.proposed.length > 0 ? bookerSide : null,
      message: pitchTextOf(context),
      booker_user_id: context.userId,
      idempotency_key: input.idempotencyKey,
      request_hash: input.requestHash,
      source: input.source,
      code: checked.quote.code,
      wants_guaranteed_response: input.wantsGuaranteedResponse,
      ...answerDeadlines(now, input.wantsGuaranteedResponse),
      payment_status: charge ? 'authorized' : 'none',
      // the booker has seen their own booking
      ...(bookerSide === 'guest' ? { guest_seen_at: now } : { show_seen_at: now }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return booking.id;
}

/** The booking questions' answers, then the MINIVIEW answers, each in the order sent. */
async function insertAnswers(trx: Trx, id: number, checked: Checked): Promise<void> {
  const answers = [
    ...checked.questions.map((answer, position) => ({
      kind: 'booking' as const,
      position,
      ...answer,
    })),
    ...checked.miniviewAnswers.map((answer, position) => ({
      kind: 'miniview' as const,
      position,
      ...answer,
    })),
  ];
  if (answers.length === 0) return;
  await trx
    .insertInto('booking_question_answers')
    .values(answers.map((answer) => ({ booking_id: id, ...answer })))
    .execute();
}

/** The upsells as they are now: editing a package later changes nothing booked. */
async function insertUpsells(trx: Trx, id: number, checked: Checked): Promise<void> {
  if (checked.quote.upsells.length === 0) return;
  await trx
    .insertInto('booking_upsells')
    .values(
      checked.quote.upsells.map((upsell, position) => ({
        booking_id: id,
        upsell_package_id: upsell.id,
        position,
        title: upsell.title,
        description: upsell.description,
        url: upsell.url,
        social_handle: upsell.social_handle,
        price: upsell.price,
      })),
    )
    .execute();
}

/** The timeline's first entries: the order, its proposals, its pitch, its MINIVIEW answers. */
async function recordCreation(trx: Trx, id: number, context: InsertContext): Promise<void> {
  const { input, checked, actor } = context;
  const { price } = checked.quote;
  await recordActivity(trx, id, 'order-started', actor, {
    is_pitch: input.isPitch,
    amount: price.total,
    card_amount: price.cardAmount,
    store_credit: price.creditApplied,
    code: checked.quote.code,
    wants_guaranteed_response: input.wantsGuaranteedResponse,
  });
  if (checked.proposed.length > 0) {
    await recordActivity(trx, id, 'proposed_dates', actor, {
      dates: checked.proposed.map((date) => date.toISOString()),
    });
  }
  if (input.pitch && checked.pitchType) {
    await recordActivity(
      trx,
      id,
      `${checked.pitchType}-pitch`,
      actor,
      checked.pitchType === 'text'
        ? { message: pitchTextOf(context) }
        : { media_uuid: input.pitch.media_uuid?.toLowerCase() ?? null },
    );
  }
  if (checked.miniviewAnswers.length > 0) {
    // The answers themselves are booking_question_answers of kind 'miniview'.
    await recordActivity(trx, id, 'miniview-answers', actor, {
      count: checked.miniviewAnswers.length,
    });
  }
}
