import type { Transaction } from 'kysely';
import type { Booking } from '../../contract';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { HttpError, notFound, ValidationError, type FieldErrors } from '../../http/errors';
import type { Impersonator } from '../../contract';
import { PRO_ONLY_MESSAGE, PRO_ONLY_STATUS, type AuthUser } from '../auth/require-user';
import { creditBalanceOf } from '../booking-money/credit';
import type { BookingPrice } from '../booking-money/pricing';
import { quoteBooking, type Quote } from '../booking-money/quote';
import type { PaymentProvider, ProviderCharge } from '../payments/provider';
import {
  isOwnOrTeamAccount,
  refuseSpendingForOwner,
  refuseUnlessOwnBookerProfile,
  TEAM_PROFILE_MESSAGE,
} from '../booking-money/who-pays';
import { proposalsAreFree } from '../guests/availability/guest-slots';
import { findVisibleGuestId } from '../guests/queries';
import { findVisibleShowId } from '../shows/queries';
import {
  BookingTimeConflictError,
  DEFAULT_INTERVIEW_MINUTES,
  overlapsConfirmedTime,
  recordActivity,
  type BookingActor,
} from './lifecycle';
import { findViewerBooking } from './queries';

// Creating a booking (issue 17, decisions 099 and 101): every rule is checked on the server,
// the server prices the booking from its own rows, the card is held before anything is
// written and released if the write fails; acceptance captures the hold, rejection releases it.

export type Side = 'guest' | 'show';

/** The header an Idempotency-Key error names (the field of a 422). */
export const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';

export const OWN_PROFILE_MESSAGE = 'You cannot book your own profile.';
export const BOOKER_PAUSED_MESSAGE = 'Your account is paused. Resume your account to book.';
export const PRICE_CHANGED_MESSAGE = 'The price has changed. Please review your booking.';
export const CREDIT_CHANGED_MESSAGE = 'Your store credit has changed. Please review your booking.';
export const PITCH_DISABLED_MESSAGE = 'This profile does not accept pitches.';
export const PROPOSAL_UNAVAILABLE = 'This time is no longer available. Please pick another time.';
export const KEY_REUSED =
  'This Idempotency-Key was already used for another booking. Start a new booking.';
/** 422 on the header: the key was sent before with another request (as Stripe answers). */
export const KEY_REUSED_WITH_OTHER_REQUEST =
  'This Idempotency-Key was already used with a different request. Use a new key for a new booking.';
export const CHARGE_NOT_HELD = 'This payment was canceled. Please start your booking again.';
/** The spec gives no expiry: the demo data's (db/seed/booking-life.ts) 7 days. */
export const BOOKING_EXPIRY_DAYS = 7;
/** A guaranteed response (decision 103): the invitee answers within this, or the booking
 * expires then and the hold is released. */
export const GUARANTEED_RESPONSE_HOURS = 48;
export const MAX_PROPOSED_DATES = 3;
export const MAX_PITCH_TEXT = 300;
/** 'YYYY-MM-DD HH:mm:ss' in UTC (marketplace… §9); one path sends ISO, also read. */
export const PROPOSED_DATE =
  '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|\\+00:00)?$';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BookingChoice {
  booking_option_id: number;
  price_id?: number | null | undefined;
  /** cents, as the booker saw it; a different server price is refused */
  amount?: number | null | undefined;
}

export interface PitchInput {
  type?: 'text' | 'audio' | 'video' | undefined;
  text?: string | null | undefined;
  media_uuid?: string | null | undefined;
  media_type?: 'audio' | 'video' | null | undefined;
}

export interface CreateBookingInput {
  /** the profile in the path: a show books a guest ('guest'), a guest books a show ('show') */
  bookedSide: Side;
  bookedProfileId: number;
  /** the booker's own profile of the other kind (show_profile_id / guest_profile_id) */
  bookerProfileId: number;
  idempotencyKey: string;
  /** the SHA-256 of the request the key was sent with (requestHashOf) */
  requestHash: string;
  proposedDates: string[];
  interviewDuration: number | null;
  code: string | null;
  /** cents of store credit the booker asked to use; omitted: none */
  storeCreditAmount: number;
  /** cents the payment step's quote said the card would be held for; null: not sent */
  cardAmount: number | null;
  questions: { question_id: number; answer?: string | null | undefined }[];
  upsells: number[];
  paymentMethod: string | null;
  savePaymentMethod: boolean;
  bookingOptions: BookingChoice[];
  miniview: { answers?: { question: string; answer?: string | null | undefined }[] } | null;
  pitch: PitchInput | null;
  source: 'web';
  isPitch: boolean;
  wantsGuaranteedResponse: boolean;
}

export interface BookingDeps {
  db: DB;
  payments: PaymentProvider;
  now?: () => Date;
}

interface ProfileRow {
  id: number;
  user_id: number;
  name: string;
  pitch_enabled: boolean;
  owner_status: string;
}

const other = (side: Side): Side => (side === 'guest' ? 'show' : 'guest');
const fkOf = (side: Side) => (side === 'guest' ? 'guest_profile_id' : 'show_profile_id');

async function profileOf(db: DB, side: Side, id: number): Promise<ProfileRow | undefined> {
  const columns = ['p.id', 'p.user_id', 'p.name', 'p.pitch_enabled'] as const;
  const row =
    side === 'guest'
      ? await db
          .selectFrom('guest_profiles as p')
          .select(columns)
          .where('p.id', '=', id)
          .executeTakeFirst()
      : await db
          .selectFrom('show_profiles as p')
          .select(columns)
          .where('p.id', '=', id)
          .executeTakeFirst();
  if (!row) return undefined;
  const owner = await db
    .selectFrom('users')
    .select('status')
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  return { ...row, owner_status: owner.status };
}

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

/** 'YYYY-MM-DD HH:mm:ss' (UTC) or ISO as an instant; null when it is no real time. */
export function parseProposedDate(text: string): Date | null {
  if (!new RegExp(PROPOSED_DATE).test(text)) return null;
  const iso = text.replace(' ', 'T').replace(/(Z|\+00:00)?$/, 'Z');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // 2025-02-30 rolls over in Date: refuse what does not read back as written.
  return date.toISOString().slice(0, 10) === text.slice(0, 10) ? date : null;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (failure?.code !== '23505') return false;
  return failure.constraint === constraint || String(failure.message).includes(constraint);
}

/** The booking as GET /bookings answers it, from the viewer's side. */
export async function findBookingFor(db: DB, id: number, viewerId: number): Promise<Booking> {
  const booking = await findViewerBooking(db, id, viewerId);
  if (!booking) throw notFound();
  return booking;
}

interface Checked {
  booked: ProfileRow;
  booker: ProfileRow;
  /** the option, upsells, code and price: what the booking flow's quote showed */
  quote: Quote;
  questions: { question: string; answer: string | null }[];
  miniviewAnswers: { question: string; answer: string | null }[];
  proposed: Date[];
  pitchType: 'text' | 'audio' | 'video' | null;
}

function pitchTypeOf(pitch: PitchInput | null): 'text' | 'audio' | 'video' | null {
  if (!pitch) return null;
  return pitch.type ?? pitch.media_type ?? 'text';
}

/** The checks that need the database, in the order decision 099 "Creating a booking" gives. */
async function check(
  db: DB,
  user: AuthUser,
  impersonator: Impersonator | null,
  input: CreateBookingInput,
  now: Date,
): Promise<Checked> {
  const bookerSide = other(input.bookedSide);
  // What the profile's page answers, the create answers: a hidden profile (private, its owner
  // paused or unverified) is not found.
  const visible =
    input.bookedSide === 'guest'
      ? await findVisibleGuestId(db, { id: input.bookedProfileId }, user.id)
      : await findVisibleShowId(db, { id: input.bookedProfileId }, user.id);
  const booked =
    visible === null ? undefined : await profileOf(db, input.bookedSide, input.bookedProfileId);
  if (!booked || booked.owner_status === 'pending' || booked.owner_status === 'paused') {
    throw notFound();
  }
  const bookerField = fkOf(bookerSide);
  const booker = await profileOf(db, bookerSide, input.bookerProfileId);
  if (!booker) {
    throw ValidationError.single(bookerField, `The selected ${bookerField} is invalid.`);
  }
  refuseUnlessOwnBookerProfile(user, booker.user_id);
  if (booked.user_id === user.id) throw ValidationError.single(bookerField, OWN_PROFILE_MESSAGE);
  if (await isOwnOrTeamAccount(db, user.id, impersonator, booked.user_id)) {
    throw ValidationError.single(bookerField, TEAM_PROFILE_MESSAGE);
  }
  if (user.status === 'paused') throw new HttpError(403, BOOKER_PAUSED_MESSAGE);

  const pitchType = pitchTypeOf(input.pitch);
  if ((pitchType === 'audio' || pitchType === 'video') && user.account_type !== 'pro') {
    throw new HttpError(PRO_ONLY_STATUS, PRO_ONLY_MESSAGE);
  }
  if (input.isPitch && !booked.pitch_enabled) {
    throw ValidationError.single('is_pitch', PITCH_DISABLED_MESSAGE);
  }

  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };

  if (input.pitch && pitchType === 'text') {
    const text = input.pitch.text?.trim() ?? '';
    if (text === '') fail('pitch.text', 'The pitch text field is required.');
    else if (text.length > MAX_PITCH_TEXT) {
      fail('pitch.text', `The pitch text cannot exceed ${MAX_PITCH_TEXT} characters.`);
    }
  } else if (input.pitch && pitchType) {
    const uuid = input.pitch.media_uuid?.toLowerCase() ?? '';
    const media = uuid
      ? await db
          .selectFrom('uploads')
          .select('kind')
          .where('uuid', '=', uuid)
          .where('user_id', '=', user.id)
          .executeTakeFirst()
      : undefined;
    if (!uuid) fail('pitch.media_uuid', 'The pitch recording is required.');
    else if (media?.kind !== pitchType)
      fail('pitch.media_uuid', 'The selected recording is invalid.');
  }

  // The option, the upsells, the code and the price: the quote's (decision 101), so the create
  // charges exactly what the booking flow showed. Its field errors join the create's own.
  let quote: Quote | null = null;
  let quoteErrors: FieldErrors = {};
  const choice = input.bookingOptions[0];
  if (!input.isPitch && !choice) {
    fail('booking_options', 'The booking options field is required.');
  } else if (!input.isPitch && input.interviewDuration === null) {
    fail('interview_duration', 'The interview duration field is required.');
  } else {
    try {
      quote = await quoteBooking(db, {
        bookedSide: input.bookedSide,
        bookedProfileId: booked.id,
        bookerUserId: user.id,
        // a pitch: the pitch option, whatever option or duration was sent
        bookingOptionId: choice?.booking_option_id ?? 0,
        interviewDuration: input.isPitch ? null : input.interviewDuration,
        upsells: input.upsells,
        code: input.code,
        storeCreditAmount: input.storeCreditAmount,
        now,
      });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      quoteErrors = error.errors;
    }
  }
  const { booking_option_id: optionErrors, ...choiceErrors } = quoteErrors;
  for (const message of optionErrors ?? []) fail('booking_options.0.booking_option_id', message);
  if (quote && !input.isPitch && choice?.price_id != null && choice.price_id !== quote.priceId) {
    fail('booking_options.0.price_id', 'The selected price is invalid.');
  }

  // The answers: the booked profile's questions of the booking's type, snapshotted by text.
  const questions: Checked['questions'] = [];
  if (input.questions.length > 0) {
    const rows = await db
      .selectFrom('booking_questions')
      .select(['id', 'body', 'position'])
      .where(fkOf(input.bookedSide), '=', booked.id)
      .where('type', '=', input.isPitch ? 'pitch' : 'booking')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const seen = new Set<number>();
    input.questions.forEach((answer, index) => {
      const question = byId.get(answer.question_id);
      if (!question || seen.has(answer.question_id)) {
        fail(`questions.${index}.question_id`, 'The selected question is invalid.');
        return;
      }
      seen.add(answer.question_id);
      questions.push({ question: question.body, answer: answer.answer?.trim() || null });
    });
  }

  // The upsells' and the code's errors (upsells.N, code), the quote's.
  for (const [field, messages] of Object.entries(choiceErrors)) {
    for (const message of messages) fail(field, message);
  }

  // Miniview answers (guest side): the guest's own questions, each once.
  const miniviewAnswers: Checked['miniviewAnswers'] = [];
  const sentMiniview = input.miniview?.answers ?? [];
  if (sentMiniview.length > 0) {
    const profile =
      input.bookedSide === 'guest'
        ? await db
            .selectFrom('guest_profiles')
            .select('questions')
            .where('id', '=', booked.id)
            .executeTakeFirst()
        : undefined;
    const asked = new Set(profile?.questions ?? []);
    const seen = new Set<string>();
    sentMiniview.forEach((item, index) => {
      if (!asked.has(item.question) || seen.has(item.question)) {
        fail(`miniview.answers.${index}.question`, 'The selected question is invalid.');
        return;
      }
      seen.add(item.question);
      miniviewAnswers.push({ question: item.question, answer: item.answer?.trim() || null });
    });
  }

  const proposed: Date[] = [];
  input.proposedDates.forEach((text, index) => {
    const date = parseProposedDate(text);
    if (!date) fail(`proposed_dates.${index}`, 'The proposed date is not a valid date.');
    else if (date <= now)
      fail(`proposed_dates.${index}`, 'The proposed date must be in the future.');
    else proposed.push(date);
  });
  if (input.bookedSide === 'guest' && !input.isPitch && input.proposedDates.length === 0) {
    fail('proposed_dates', 'The proposed dates field is required.');
  }

  // No quote without an error: the option was missing or refused.
  if (Object.keys(errors).length > 0 || !quote) throw new ValidationError(errors);

  // Each proposal must be one of the guest's free slots, as the dates step offers them. One that
  // overlaps a time confirmed meanwhile is a 409 naming it (proposed_dates.{index}), so the
  // booker picks again and keeps the others; any other is a field error.
  if (proposed.length > 0) {
    const minutes = input.interviewDuration ?? DEFAULT_INTERVIEW_MINUTES;
    const guestId = input.bookedSide === 'guest' ? booked.id : booker.id;
    const free = await proposalsAreFree(db, guestId, proposed, minutes, now);
    const taken: string[] = [];
    for (const [index, start] of proposed.entries()) {
      if (free[index]) continue;
      const end = new Date(start.getTime() + minutes * 60_000);
      if (await overlapsConfirmedTime(db, guestId, start, end))
        taken.push(`proposed_dates.${index}`);
      else fail(`proposed_dates.${index}`, PROPOSAL_UNAVAILABLE);
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (taken.length > 0) throw new BookingTimeConflictError(taken);
  }

  return {
    booked,
    booker,
    quote,
    questions,
    miniviewAnswers,
    proposed,
    pitchType,
  };
}

async function existingBooking(db: DB | Transaction<Database>, userId: number, key: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'guest_profile_id', 'show_profile_id', 'request_hash'])
    .where('booker_user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

function sameTarget(
  row: { guest_profile_id: number; show_profile_id: number },
  input: CreateBookingInput,
): boolean {
  const guest = input.bookedSide === 'guest' ? input.bookedProfileId : input.bookerProfileId;
  const show = input.bookedSide === 'show' ? input.bookedProfileId : input.bookerProfileId;
  return row.guest_profile_id === guest && row.show_profile_id === show;
}

/**
 * A retry with the key of an earlier booking is answered by that booking, when it is the same
 * request: another body is refused (422 naming the header, as Stripe does), another profile too
 * (409; also for bookings stored before their request was hashed).
 */
function refuseOtherRequest(
  row: { guest_profile_id: number; show_profile_id: number; request_hash: string | null },
  input: CreateBookingInput,
): void {
  if (!sameTarget(row, input)) throw new HttpError(409, KEY_REUSED);
  if (row.request_hash !== null && row.request_hash !== input.requestHash) {
    throw ValidationError.single(IDEMPOTENCY_KEY_FIELD, KEY_REUSED_WITH_OTHER_REQUEST);
  }
}

/**
 * What the payment step showed is what is held (issue 28): the store credit the booker asked for
 * must still be there, and the card amount must be the one quoted. Otherwise 409, nothing held.
 */
function refuseUnquotedAmounts({ price, availableCredit }: Quote, input: CreateBookingInput): void {
  if (availableCredit < Math.min(input.storeCreditAmount, price.total)) {
    throw new HttpError(409, CREDIT_CHANGED_MESSAGE);
  }
  if (input.cardAmount !== null && input.cardAmount !== price.cardAmount) {
    throw new HttpError(409, PRICE_CHANGED_MESSAGE);
  }
}

/** The provider's key: the booker's, so two users' keys never meet at Stripe. */
export function chargeKeyOf(userId: number, key: string): string {
  return `booking:${userId}:${key}`;
}

export async function createBooking(
  { db, payments, now: clock = () => new Date() }: BookingDeps,
  user: AuthUser,
  input: CreateBookingInput,
  /** who really books while the session impersonates `user`; null otherwise */
  impersonator: Impersonator | null = null,
): Promise<{
  booking: Booking;
  /** false: a retry answered by the booking it created */ created: boolean;
}> {
  const previous = await existingBooking(db, user.id, input.idempotencyKey);
  if (previous) {
    refuseOtherRequest(previous, input);
    return { booking: await findBookingFor(db, previous.id, user.id), created: false };
  }

  const now = clock();
  const checked = await check(db, user, impersonator, input, now);
  const bookerSide = other(input.bookedSide);
  const { price } = checked.quote;
  const optionPrice = price.lines.find((line) => line.kind === 'option')?.amount;
  const sent = input.bookingOptions[0]?.amount;
  if (sent != null && sent !== optionPrice) {
    throw ValidationError.single('booking_options.0.amount', PRICE_CHANGED_MESSAGE);
  }
  refuseSpendingForOwner(impersonator, price);
  refuseUnquotedAmounts(checked.quote, input);
  if (price.requiresCard && !input.paymentMethod) {
    throw ValidationError.single('payment_method', 'The payment method field is required.');
  }

  // The hold, before anything is written: a declined card books nothing.
  let charge: ProviderCharge | null = null;
  if (price.requiresCard && input.paymentMethod) {
    const customer = await payments.customerFor(user);
    charge = await payments.authorizeCharge({
      customer,
      amount: price.cardAmount,
      currency: 'usd',
      paymentMethod: input.paymentMethod,
      idempotencyKey: chargeKeyOf(user.id, input.idempotencyKey),
      description: `Guestspot booking: ${checked.booked.name}`,
    });
    if (charge.status === 'failed') {
      throw new HttpError(402, charge.failureMessage ?? 'Your card was declined.');
    }
    if (charge.status !== 'requires_capture') throw new HttpError(409, CHARGE_NOT_HELD);
    if (input.savePaymentMethod) {
      const method = await payments.lookupPaymentMethod(customer, input.paymentMethod);
      if (method && method !== 'foreign' && !method.attached) {
        await payments.attachPaymentMethod(customer, input.paymentMethod, { save: true });
      }
    }
  }

  let bookingId: number;
  try {
    bookingId = await db.transaction().execute((trx) =>
      insertBooking(trx, {
        user,
        actor: { side: bookerSide, userId: user.id, impersonatorId: impersonator?.id ?? null },
        input,
        checked,
        price,
        charge,
        bookerSide,
        now,
        payments,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_idempotency_idx')) {
      // A concurrent request with this key won: its booking holds the same charge.
      const winner = await existingBooking(db, user.id, input.idempotencyKey);
      if (winner) {
        refuseOtherRequest(winner, input);
        return { booking: await findBookingFor(db, winner.id, user.id), created: false };
      }
    }
    if (charge) await payments.releaseCharge(charge.id);
    throw error;
  }
  return { booking: await findBookingFor(db, bookingId, user.id), created: true };
}

interface InsertContext {
  user: AuthUser;
  actor: BookingActor;
  input: CreateBookingInput;
  checked: Checked;
  price: BookingPrice;
  charge: ProviderCharge | null;
  bookerSide: Side;
  now: Date;
  payments: PaymentProvider;
}

async function insertBooking(
  trx: Transaction<Database>,
  { user, actor, input, checked, price, charge, bookerSide, now, payments }: InsertContext,
): Promise<number> {
  // One booking at a time per booker: the credit read here cannot be spent twice.
  await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
  if (price.creditApplied > 0) {
    const credit = await creditBalanceOf(trx, user.id, now);
    if (credit.available < price.creditApplied) throw new HttpError(409, CREDIT_CHANGED_MESSAGE);
  }
  const guestId = input.bookedSide === 'guest' ? checked.booked.id : checked.booker.id;
  const showId = input.bookedSide === 'show' ? checked.booked.id : checked.booker.id;
  const pitchText = checked.pitchType === 'text' ? (input.pitch?.text?.trim() ?? null) : null;
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
      store_credit_amount: price.creditApplied,
      interview_duration: input.interviewDuration,
      proposed_dates: JSON.stringify(checked.proposed.map((date) => date.toISOString())),
      message: pitchText,
      booker_user_id: user.id,
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
  const id = booking.id;

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
  if (answers.length > 0) {
    await trx
      .insertInto('booking_question_answers')
      .values(answers.map((answer) => ({ booking_id: id, ...answer })))
      .execute();
  }
  if (checked.quote.upsells.length > 0) {
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
        ? { message: pitchText }
        : { media_uuid: input.pitch.media_uuid?.toLowerCase() ?? null },
    );
  }
  if (checked.miniviewAnswers.length > 0) {
    // The answers themselves are booking_question_answers of kind 'miniview'.
    await recordActivity(trx, id, 'miniview-answers', actor, {
      count: checked.miniviewAnswers.length,
    });
  }

  // The ledger (decision 099): what the booker pays by card and by credit, the guest's service
  // fee, the invitee's payout and the referrer's share, all pending until acceptance.
  const provider = payments.name;
  const rows: {
    side: Side;
    direction: 'incoming' | 'outgoing';
    kind: 'charge' | 'store_credit' | 'service_fee' | 'payout' | 'referral_share';
    amount: number;
    provider_reference: string | null;
  }[] = [
    {
      side: bookerSide,
      direction: 'outgoing',
      kind: 'charge',
      amount: price.cardAmount,
      provider_reference: charge?.id ?? null,
    },
    {
      side: bookerSide,
      direction: 'outgoing',
      kind: 'store_credit',
      amount: price.creditApplied,
      provider_reference: null,
    },
    {
      side: 'guest',
      direction: 'outgoing',
      kind: 'service_fee',
      amount: price.split.serviceFee,
      provider_reference: null,
    },
    {
      side: input.bookedSide,
      direction: 'incoming',
      kind: 'payout',
      amount: price.split.payee,
      provider_reference: null,
    },
    {
      // Paid out of the platform's fee to whoever referred the booker.
      side: bookerSide,
      direction: 'outgoing',
      kind: 'referral_share',
      amount: price.split.referralShare,
      provider_reference: null,
    },
  ];
  const ledger = rows.filter((row) => row.amount > 0);
  if (ledger.length > 0) {
    await trx
      .insertInto('booking_payments')
      .values(
        ledger.map((row) => ({
          booking_id: id,
          ...row,
          status: 'pending' as const,
          provider,
          actor_user_id: user.id,
          impersonator_id: actor.impersonatorId ?? null,
          created_at: now,
        })),
      )
      .execute();
  }
  if (price.creditApplied > 0) {
    await trx
      .insertInto('store_credit_entries')
      .values({
        user_id: user.id,
        amount: -price.creditApplied,
        reason: `Booking #${id}`,
        booking_id: id,
        impersonator_id: actor.impersonatorId ?? null,
        created_at: now,
      })
      .execute();
  }
  return id;
}
