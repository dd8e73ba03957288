import type { Transaction } from 'kysely';
import {
  MIN_SPECIAL_PRICE,
  type PitchAnswer,
  type PitchAnswerPayload,
  type PitchFeePayload,
  type PitchFeeType,
} from '../../contract';
import type { DB } from '../../db/database';
import { transactionRetried } from '../../db/retry';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { chargeOf, settleBookerPayments, splitSoFarOf } from '../booking-money/ledger';
import { formatCents } from '../billing/service';
import type { BookingParties } from './action-rules';
import { refuse, rejectBooking } from './actions';
import { recordActivity, type BookingActor, type BookingDeps } from './lifecycle';
import { FEE_TYPE_OF, priceExtra, type ExtraPrice } from './pitch-pricing';
import { feeChangeRefusal, pitchAnswerRefusal } from './pitch-rules';
import type { ProfileSide } from '../../booking-facts';

// The invitee answers a pitch (booking-management… §4 "Pitch flow", decision 115): accept with
// no extra fee, with its full booking fee, or at a special price (at least $5), or reject. An
// accept captures the pitch's hold as /accept does; a fee is then owed by the initiator
// (pitch-payment.ts) before the dates step. The invitee may change the fee while it is unpaid,
// or before any dates are proposed (update-pitch-fee, a reason of at most 300 characters).

type Trx = Transaction<Database>;

export const SPECIAL_PRICE_TOO_LOW = `The special price must be at least ${formatCents(MIN_SPECIAL_PRICE)}.`;
export const NO_FULL_FEE = 'Your profile has no booking fee to ask for. Set your prices first.';
export const SAME_FEE = 'The fee is already this one. Choose another fee.';

/** What the pitch is read as while it is answered, under its row lock. */
async function lockedPitch(trx: Trx | DB, id: number, lock = true) {
  let query = trx
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .select([
      'b.id',
      'b.status',
      'b.is_pitch',
      'b.initiator',
      'b.expires_at',
      'b.booking_date',
      'b.proposed_by',
      'b.proposed_dates',
      'b.scheduled_without_date',
      'b.payment_status',
      'b.full_booking_fee',
      'b.booker_user_id',
      'b.extra_payment_status',
      'b.pitch_fee_options',
      'g.lowest_price as guest_fee',
      's.lowest_price as show_fee',
    ])
    .where('b.id', '=', id);
  if (lock) query = query.forNoKeyUpdate('b');
  return query.executeTakeFirstOrThrow();
}

type Pitch = Awaited<ReturnType<typeof lockedPitch>>;

/** The fee asked for: its kind, and the extra it makes the initiator owe (null: none). */
interface AskedFee {
  feeType: PitchFeeType;
  /** the invitee's full booking fee (its profile's lowest price), as pitch_fee_options keeps */
  original: number;
  extra: ExtraPrice | null;
}

/**
 * Prices the answer (422 on `price` or `action` when it cannot be asked): no fee; the invitee
 * profile's full booking fee; or the special price's absolute value, at least $5.
 */
async function askedFee(
  db: DB | Trx,
  pitch: Pitch,
  answer: PitchAnswer,
  price: number | null | undefined,
): Promise<AskedFee> {
  const fullFee = (pitch.initiator === 'guest' ? pitch.show_fee : pitch.guest_fee) ?? null;
  const feeType = FEE_TYPE_OF[answer];
  const original = fullFee ?? 0;
  if (feeType === 'none') return { feeType, original, extra: null };
  let value: number;
  let field: 'action' | 'price';
  if (feeType === 'full') {
    if (fullFee === null) throw ValidationError.single('action', NO_FULL_FEE);
    value = fullFee;
    field = 'action';
  } else {
    value = Math.abs(price ?? 0);
    if (value < MIN_SPECIAL_PRICE) throw ValidationError.single('price', SPECIAL_PRICE_TOO_LOW);
    field = 'price';
  }
  const booker = pitch.booker_user_id
    ? await db
        .selectFrom('users')
        .select('referred_by')
        .where('id', '=', pitch.booker_user_id)
        .executeTakeFirst()
    : undefined;
  const extra = priceExtra({
    initiator: pitch.initiator,
    paid: pitch.full_booking_fee,
    soFar: await splitSoFarOf(db, pitch.id),
    value,
    bookerReferred: Boolean(booker?.referred_by),
  });
  if ('refusal' in extra) throw ValidationError.single(field, extra.refusal);
  return { feeType, original, extra };
}

/** The booking's columns for an asked fee: its kind, and the extra owed (or none). */
const feeColumns = (fee: AskedFee) => ({
  pitch_fee_options: JSON.stringify({
    fee_type: fee.feeType,
    original_booking_fee: fee.original,
  }),
  extra_fee: fee.extra?.extraFee ?? 0,
  extra_payment_status: fee.extra ? ('pending' as const) : ('none' as const),
});

/**
 * PATCH /bookings/{id}/accept-pitch. Reject is /reject's (released, canceled as rejected).
 * An accept is priced first (a 422 moves no money), the hold is captured, then one transaction
 * accepts the pitch, keeps what it cost as pitch_fee, records the fee asked and settles the
 * booker's rows, with a `pitch-accepted` timeline entry.
 */
export async function answerPitch(
  deps: BookingDeps,
  booking: BookingParties,
  actor: BookingActor,
  body: PitchAnswerPayload,
): Promise<void> {
  const { db, payments } = deps;
  const now = (deps.now ?? (() => new Date()))();
  if (body.action === 'reject') {
    const reason = body.reason?.trim() || null;
    return rejectBooking(deps, booking.id, actor, { kind: 'rejected', reason });
  }
  const before = await lockedPitch(db, booking.id, false);
  refuse(pitchAnswerRefusal(before, null, now));
  const fee = await askedFee(db, before, body.action, body.price);
  const held = await chargeOf(db, booking.id);
  if (held?.provider_reference) await payments.captureCharge(held.provider_reference);
  await transactionRetried(db, async (trx) => {
    const pitch = await lockedPitch(trx, booking.id);
    refuse(pitchAnswerRefusal(pitch, null, now));
    await trx.deleteFrom('guest_confirmed_times').where('booking_id', '=', pitch.id).execute();
    await trx
      .updateTable('bookings')
      .set({
        status: 'accepted',
        accepted_at: now,
        payment_status: pitch.payment_status === 'authorized' ? 'paid' : pitch.payment_status,
        pitch_fee: pitch.full_booking_fee,
        ...feeColumns(fee),
        updated_at: now,
      })
      .where('id', '=', pitch.id)
      .execute();
    await settleBookerPayments(trx, pitch.id, pitch.initiator, now);
    await recordActivity(trx, pitch.id, 'pitch-accepted', actor, {
      fee_type: fee.feeType,
      amount: fee.extra?.extraFee ?? 0,
    });
  });
}

/**
 * PATCH /bookings/{id}/update-pitch-fee: the invitee asks for another fee while it is unpaid (or
 * before any dates, when the pitch was accepted without one). The same kind of fee again is
 * refused, except a special price (its amount may change). No money moves: the initiator pays
 * the new difference, or nothing, with a `pitch-fee-changed` entry saying why.
 */
export async function changePitchFee(
  deps: BookingDeps,
  booking: BookingParties,
  actor: BookingActor & { side: ProfileSide },
  body: PitchFeePayload,
): Promise<void> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const reason = body.reason?.trim() || null;
  await db.transaction().execute(async (trx) => {
    const pitch = await lockedPitch(trx, booking.id);
    refuse(feeChangeRefusal(pitch));
    const current = pitch.pitch_fee_options?.fee_type ?? 'none';
    if (FEE_TYPE_OF[body.action] === current && current !== 'special') {
      throw ValidationError.single('action', SAME_FEE);
    }
    const fee = await askedFee(trx, pitch, body.action, body.price);
    await trx
      .updateTable('bookings')
      .set({ ...feeColumns(fee), updated_at: now })
      .where('id', '=', pitch.id)
      .execute();
    await recordActivity(trx, pitch.id, 'pitch-fee-changed', actor, {
      fee_type: fee.feeType,
      amount: fee.extra?.extraFee ?? 0,
      reason,
    });
  });
}
