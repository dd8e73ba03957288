import { MAX_PITCH_TEXT, type Impersonator } from '../../../contract';
import type { DB } from '../../../db/database';
import { HttpError, notFound, ValidationError, type FieldErrors } from '../../../http/errors';
import { PRO_ONLY_MESSAGE, PRO_ONLY_STATUS, type AuthUser } from '../../auth/require-user';
import { quoteBooking, type Quote } from '../../booking-money/quote';
import {
  isOwnOrTeamAccount,
  refuseUnlessOwnBookerProfile,
  TEAM_PROFILE_MESSAGE,
} from '../../booking-money/who-pays';
import { proposalsAreFree } from '../../guests/availability/guest-slots';
import { findVisibleGuestId } from '../../guests/queries';
import { findVisibleShowId } from '../../shows/queries';
import {
  BookingTimeConflictError,
  DEFAULT_INTERVIEW_MINUTES,
  otherSide,
  overlapsConfirmedTime,
  parseProposedDate,
} from '../lifecycle';
import type {
  AnswerText,
  Checked,
  CreateBookingInput,
  PitchInput,
  PitchType,
  ProfileRow,
} from './types';
import type { ProfileSide } from '../../../booking-facts';

// The create's checks that need the database, in the order decision 099 "Creating a booking"
// gives: the profiles and who may book (404, 422, 403), the pitch (426, 422), then every field
// rule at once (422: pitch, option and price, questions, upsells and code, MINIVIEW answers,
// proposed dates), then the proposals against the guest's free slots (422, or 409 when taken).

export const OWN_PROFILE_MESSAGE = 'You cannot book your own profile.';
export const BOOKER_PAUSED_MESSAGE = 'Your account is paused. Resume your account to book.';
export const PITCH_DISABLED_MESSAGE = 'This profile does not accept pitches.';
export const PROPOSAL_UNAVAILABLE = 'This time is no longer available. Please pick another time.';

/** Adds a field's message to a 422 being gathered. */
type Fail = (field: string, message: string) => void;

const fkOf = (side: ProfileSide) => (side === 'guest' ? 'guest_profile_id' : 'show_profile_id');

async function profileOf(db: DB, side: ProfileSide, id: number): Promise<ProfileRow | undefined> {
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

/**
 * The booked profile (what its page answers, the create answers: a hidden profile, private or
 * its owner paused or unverified, is not found) and the booker's own profile of the other kind,
 * which may not be of the booked profile's team; a paused booker books nothing.
 */
async function partiesOf(
  db: DB,
  user: AuthUser,
  impersonator: Impersonator | null,
  input: CreateBookingInput,
): Promise<{ booked: ProfileRow; booker: ProfileRow }> {
  const visible =
    input.bookedSide === 'guest'
      ? await findVisibleGuestId(db, { id: input.bookedProfileId }, user.id)
      : await findVisibleShowId(db, { id: input.bookedProfileId }, user.id);
  const booked =
    visible === null ? undefined : await profileOf(db, input.bookedSide, input.bookedProfileId);
  if (!booked || booked.owner_status === 'pending' || booked.owner_status === 'paused') {
    throw notFound();
  }
  const bookerField = fkOf(otherSide(input.bookedSide));
  const booker = await profileOf(db, otherSide(input.bookedSide), input.bookerProfileId);
  if (!booker) {
    throw ValidationError.single(bookerField, `The selected ${bookerField} is invalid.`);
  }
  refuseUnlessOwnBookerProfile(user, booker.user_id);
  if (booked.user_id === user.id) throw ValidationError.single(bookerField, OWN_PROFILE_MESSAGE);
  if (await isOwnOrTeamAccount(db, user.id, impersonator, booked.user_id)) {
    throw ValidationError.single(bookerField, TEAM_PROFILE_MESSAGE);
  }
  if (user.status === 'paused') throw new HttpError(403, BOOKER_PAUSED_MESSAGE);
  return { booked, booker };
}

function pitchTypeOf(pitch: PitchInput | null): PitchType | null {
  if (!pitch) return null;
  return pitch.type ?? pitch.media_type ?? 'text';
}

/** A recorded pitch is PRO only (426); a pitch needs the booked profile to take pitches. */
function refusePitch(user: AuthUser, input: CreateBookingInput, booked: ProfileRow): void {
  const pitchType = pitchTypeOf(input.pitch);
  if ((pitchType === 'audio' || pitchType === 'video') && user.account_type !== 'pro') {
    throw new HttpError(PRO_ONLY_STATUS, PRO_ONLY_MESSAGE);
  }
  if (input.isPitch && !booked.pitch_enabled) {
    throw ValidationError.single('is_pitch', PITCH_DISABLED_MESSAGE);
  }
}

/** A text pitch has its text; a recorded one is one of the booker's own recordings. */
async function checkPitch(db: DB, user: AuthUser, pitch: PitchInput | null, fail: Fail) {
  const pitchType = pitchTypeOf(pitch);
  if (!pitch || !pitchType) return;
  if (pitchType === 'text') {
    const text = pitch.text?.trim() ?? '';
    if (text === '') fail('pitch.text', 'The pitch text field is required.');
    else if (text.length > MAX_PITCH_TEXT) {
      fail('pitch.text', `The pitch text cannot exceed ${MAX_PITCH_TEXT} characters.`);
    }
    return;
  }
  const uuid = pitch.media_uuid?.toLowerCase() ?? '';
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

/**
 * The option, the upsells, the code and the price: the quote's (decision 101), so the create
 * charges exactly what the booking flow showed. The option's errors are reported at once; the
 * upsells' and the code's (`rest`) after the questions, as the fields come.
 */
async function quoteOf(
  db: DB,
  user: AuthUser,
  input: CreateBookingInput,
  booked: ProfileRow,
  now: Date,
  fail: Fail,
): Promise<{ quote: Quote | null; rest: FieldErrors }> {
  const choice = input.bookingOptions[0];
  if (!input.isPitch && !choice) {
    fail('booking_options', 'The booking options field is required.');
    return { quote: null, rest: {} };
  }
  if (!input.isPitch && input.interviewDuration === null) {
    fail('interview_duration', 'The interview duration field is required.');
    return { quote: null, rest: {} };
  }
  let quote: Quote | null = null;
  let quoteErrors: FieldErrors = {};
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
  const { booking_option_id: optionErrors, ...rest } = quoteErrors;
  for (const message of optionErrors ?? []) fail('booking_options.0.booking_option_id', message);
  if (quote && !input.isPitch && choice?.price_id != null && choice.price_id !== quote.priceId) {
    fail('booking_options.0.price_id', 'The selected price is invalid.');
  }
  return { quote, rest };
}

/** The answers: the booked profile's questions of the booking's type, snapshotted by text. */
async function answersOf(
  db: DB,
  input: CreateBookingInput,
  booked: ProfileRow,
  fail: Fail,
): Promise<AnswerText[]> {
  if (input.questions.length === 0) return [];
  const rows = await db
    .selectFrom('booking_questions')
    .select(['id', 'body', 'position'])
    .where(fkOf(input.bookedSide), '=', booked.id)
    .where('type', '=', input.isPitch ? 'pitch' : 'booking')
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<number>();
  const answers: AnswerText[] = [];
  input.questions.forEach((answer, index) => {
    const question = byId.get(answer.question_id);
    if (!question || seen.has(answer.question_id)) {
      fail(`questions.${index}.question_id`, 'The selected question is invalid.');
      return;
    }
    seen.add(answer.question_id);
    answers.push({ question: question.body, answer: answer.answer?.trim() || null });
  });
  return answers;
}

/** MINIVIEW answers (guest side): the guest's own questions, each once. */
async function miniviewAnswersOf(
  db: DB,
  input: CreateBookingInput,
  booked: ProfileRow,
  fail: Fail,
): Promise<AnswerText[]> {
  const sent = input.miniview?.answers ?? [];
  if (sent.length === 0) return [];
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
  const answers: AnswerText[] = [];
  sent.forEach((item, index) => {
    if (!asked.has(item.question) || seen.has(item.question)) {
      fail(`miniview.answers.${index}.question`, 'The selected question is invalid.');
      return;
    }
    seen.add(item.question);
    answers.push({ question: item.question, answer: item.answer?.trim() || null });
  });
  return answers;
}

/** Valid times in the future; 1-3 of them for a guest booked for an interview. */
function proposedDatesOf(input: CreateBookingInput, now: Date, fail: Fail): Date[] {
  const proposed: Date[] = [];
  input.proposedDates.forEach((text, index) => {
    const date = parseProposedDate(text);
    if (!date) fail(`proposed_dates.${index}`, 'The proposed date is not a valid date.');
    else if (date <= now) {
      fail(`proposed_dates.${index}`, 'The proposed date must be in the future.');
    } else proposed.push(date);
  });
  if (input.bookedSide === 'guest' && !input.isPitch && input.proposedDates.length === 0) {
    fail('proposed_dates', 'The proposed dates field is required.');
  }
  return proposed;
}

/**
 * Each proposal must be one of the guest's free slots, as the dates step offers them. One that
 * overlaps a time confirmed meanwhile is a 409 naming it (proposed_dates.{index}), so the
 * booker picks again and keeps the others; any other is a field error.
 */
async function refuseUnavailableProposals(
  db: DB,
  input: CreateBookingInput,
  guestId: number,
  proposed: Date[],
  now: Date,
): Promise<void> {
  if (proposed.length === 0) return;
  const minutes = input.interviewDuration ?? DEFAULT_INTERVIEW_MINUTES;
  const free = await proposalsAreFree(db, guestId, proposed, minutes, now);
  const errors: FieldErrors = {};
  const taken: string[] = [];
  for (const [index, start] of proposed.entries()) {
    if (free[index]) continue;
    const end = new Date(start.getTime() + minutes * 60_000);
    if (await overlapsConfirmedTime(db, guestId, start, end)) taken.push(`proposed_dates.${index}`);
    else (errors[`proposed_dates.${index}`] ??= []).push(PROPOSAL_UNAVAILABLE);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (taken.length > 0) throw new BookingTimeConflictError(taken);
}

/** The checks that need the database, in the order decision 099 "Creating a booking" gives. */
export async function checkBooking(
  db: DB,
  user: AuthUser,
  impersonator: Impersonator | null,
  input: CreateBookingInput,
  now: Date,
): Promise<Checked> {
  const { booked, booker } = await partiesOf(db, user, impersonator, input);
  refusePitch(user, input, booked);

  const errors: FieldErrors = {};
  const fail: Fail = (field, message) => {
    (errors[field] ??= []).push(message);
  };
  await checkPitch(db, user, input.pitch, fail);
  const { quote, rest } = await quoteOf(db, user, input, booked, now, fail);
  const questions = await answersOf(db, input, booked, fail);
  for (const [field, messages] of Object.entries(rest)) {
    for (const message of messages) fail(field, message);
  }
  const miniviewAnswers = await miniviewAnswersOf(db, input, booked, fail);
  const proposed = proposedDatesOf(input, now, fail);
  // No quote without an error: the option was missing or refused.
  if (Object.keys(errors).length > 0 || !quote) throw new ValidationError(errors);

  const guestId = input.bookedSide === 'guest' ? booked.id : booker.id;
  await refuseUnavailableProposals(db, input, guestId, proposed, now);
  return {
    booked,
    booker,
    quote,
    questions,
    miniviewAnswers,
    proposed,
    pitchType: pitchTypeOf(input.pitch),
  };
}
