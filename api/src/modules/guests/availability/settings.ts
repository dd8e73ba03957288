import { sql } from 'kysely';
import type {
  AvailabilityInterval,
  AvailabilityRule,
  AvailabilitySettings,
  InterviewDuration,
} from '../../../contract';
import type { DB } from '../../../db/database';
import { Type, type Static } from 'typebox';
import type { FieldErrors } from '../../../http/errors';
import { AnyValue, bodyRules, Int, OneOf, Str } from '../../../http/schema';
import { INTERVIEW_DURATIONS } from '../../../booking-facts';

// A guest's interview availability settings: the product defaults (marketplace spec §9), the
// checks on what the owner saves, and storage (with the durations' prices mirrored into the
// profile's virtual-interview option prices, which feed option_prices and lowest_price).

export const AVAILABILITY_TYPES = ['unlimited', 'rolling', 'date_range'] as const;
const INTERVIEW_OPTION = 'virtual-interview';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^-?\d+$/;
const MAX_PRICE = 10_000_000; // $100,000 in cents

function weekdayRules(): AvailabilityRule[] {
  // Monday to Friday 09:00-17:00; Saturday (6) and Sunday (0) off.
  return [1, 2, 3, 4, 5].map((wday) => ({
    type: 'wday' as const,
    wday,
    intervals: [{ from: '09:00', to: '17:00' }],
  }));
}

export function defaultAvailability(
  timezone: string,
  durations: InterviewDuration[] = [],
): AvailabilitySettings {
  return {
    interview_durations: durations.length ? durations : [{ duration: 30, price: 0 }],
    type: 'unlimited',
    rolling_days: 30,
    start_date: null,
    end_date: null,
    max_interviews_per_day: 4,
    max_interviews_per_month: null,
    minimum_notice: 240,
    buffer_before: 60,
    buffer_after: 60,
    spot_increments: 60,
    timezone,
    rules: weekdayRules(),
  };
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function fail(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/**
 * A required integer inside a list (`interview_durations.0.price`), read as the route schemas
 * read a field: a number or digits in text, with their messages.
 */
function readInteger(
  errors: FieldErrors,
  field: string,
  value: unknown,
  { min, max }: { min?: number; max?: number } = {},
): number | undefined {
  const attribute = field.replace(/_/g, ' ');
  if (value === undefined || value === null || value === '') {
    fail(errors, field, `The ${attribute} field is required.`);
    return undefined;
  }
  const text = typeof value === 'number' ? String(value) : value;
  const parsed = typeof text === 'string' && INTEGER.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(parsed)) {
    fail(errors, field, `The ${attribute} field must be an integer.`);
    return undefined;
  }
  if (min !== undefined && parsed < min) {
    fail(errors, field, `The ${attribute} field must be at least ${min}.`);
    return undefined;
  }
  if (max !== undefined && parsed > max) {
    fail(errors, field, `The ${attribute} field must not be greater than ${max}.`);
    return undefined;
  }
  return parsed;
}

function readDurations(raw: unknown, errors: FieldErrors): InterviewDuration[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    fail(errors, 'interview_durations', 'At least one interview duration is required.');
    return [];
  }
  const seen = new Set<number>();
  const result: InterviewDuration[] = [];
  raw.slice(0, INTERVIEW_DURATIONS.length + 1).forEach((item: unknown, index) => {
    const key = `interview_durations.${index}`;
    const row = asRecord(item) ?? {};
    const duration = readInteger(errors, `${key}.duration`, row.duration);
    const price = readInteger(errors, `${key}.price`, row.price, { min: 0, max: MAX_PRICE });
    if (duration !== undefined && !(INTERVIEW_DURATIONS as readonly number[]).includes(duration)) {
      fail(errors, `${key}.duration`, 'The selected duration is invalid.');
    } else if (duration !== undefined && seen.has(duration)) {
      fail(errors, `${key}.duration`, 'Each interview duration can be listed once.');
    }
    if (
      duration !== undefined &&
      price !== undefined &&
      (INTERVIEW_DURATIONS as readonly number[]).includes(duration) &&
      !seen.has(duration)
    ) {
      seen.add(duration);
      result.push({ duration, price });
    }
  });
  if (raw.length > INTERVIEW_DURATIONS.length) {
    fail(errors, 'interview_durations', 'Each interview duration can be listed once.');
  }
  return result.sort((a, b) => a.duration - b.duration);
}

function minutes(time: string): number {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
}

function readRules(raw: unknown, errors: FieldErrors): AvailabilityRule[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 7) {
    fail(errors, 'rules', 'The rules field must be a list of at most 7 weekdays.');
    return [];
  }
  const days = new Set<number>();
  const rules: AvailabilityRule[] = [];
  raw.forEach((item: unknown, index) => {
    const key = `rules.${index}`;
    const rule = asRecord(item);
    if (!rule || rule.type !== 'wday') {
      fail(errors, `${key}.type`, 'The selected type is invalid.');
      return;
    }
    const wday = rule.wday;
    if (typeof wday !== 'number' || !Number.isInteger(wday) || wday < 0 || wday > 6) {
      fail(errors, `${key}.wday`, 'The wday field must be between 0 and 6.');
      return;
    }
    if (days.has(wday)) {
      fail(errors, `${key}.wday`, 'Each weekday can have one rule.');
      return;
    }
    days.add(wday);
    const rawIntervals = rule.intervals;
    if (!Array.isArray(rawIntervals) || rawIntervals.length > 24) {
      fail(errors, `${key}.intervals`, 'The intervals field must be a list.');
      return;
    }
    const intervals: AvailabilityInterval[] = [];
    rawIntervals.forEach((rawInterval: unknown, position) => {
      const interval = asRecord(rawInterval);
      const intervalKey = `${key}.intervals.${position}`;
      const from = interval?.from;
      const to = interval?.to;
      if (typeof from !== 'string' || !TIME.test(from)) {
        fail(errors, `${intervalKey}.from`, 'The from field must be a time like 09:00.');
        return;
      }
      if (typeof to !== 'string' || !TIME.test(to)) {
        fail(errors, `${intervalKey}.to`, 'The to field must be a time like 17:00.');
        return;
      }
      if (minutes(from) >= minutes(to)) {
        fail(errors, `${intervalKey}.to`, 'The end time must be after the start time.');
        return;
      }
      intervals.push({ from, to });
    });
    const sorted = [...intervals].sort((a, b) => minutes(a.from) - minutes(b.from));
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      if (previous && current && minutes(current.from) < minutes(previous.to)) {
        fail(errors, `${key}.intervals`, 'The time intervals overlap.');
        return;
      }
    }
    rules.push({ type: 'wday', wday, intervals: sorted });
  });
  return rules.sort((a, b) => a.wday - b.wday);
}

/** PUT /guests/{id}/availability, in the order the old reader checked the fields. */
export const AvailabilityBody = Type.Object({
  type: Type.Optional(OneOf(AVAILABILITY_TYPES)),
  /** required for the rolling type */
  rolling_days: Type.Optional(Int({ min: 1, max: 365 })),
  /** YYYY-MM-DD, a real day; required for the date_range type, end on or after start */
  start_date: Type.Optional(Str({ max: 10 })),
  end_date: Type.Optional(Str({ max: 10 })),
  /** an IANA zone the runtime knows */
  timezone: Str({ max: 64 }),
  /** [{duration, price}]: see readDurations() */
  interview_durations: Type.Optional(AnyValue()),
  max_interviews_per_day: Type.Optional(Int({ min: 1, max: 100 })),
  max_interviews_per_month: Type.Optional(Int({ min: 1, max: 3000 })),
  minimum_notice: Type.Optional(Int({ min: 0, max: 60 * 24 * 90 })),
  buffer_before: Type.Optional(Int({ min: 0, max: 24 * 60 })),
  buffer_after: Type.Optional(Int({ min: 0, max: 24 * 60 })),
  spot_increments: Type.Optional(Int({ min: 5, max: 24 * 60 })),
  /** [{type: 'wday', wday, intervals: [{from, to}]}]: see readRules() */
  rules: Type.Optional(AnyValue()),
});

type AvailabilityInput = Static<typeof AvailabilityBody>;

/**
 * What the body schema cannot say, with the old reader's messages: the fields the type needs,
 * real dates in order, a known zone, the durations and the weekday rules.
 */
export const availabilityRules = bodyRules(AvailabilityBody, (body, request) => {
  const errors: FieldErrors = {};
  // Missing, not refused by the schema (a refused value has its own message, and is not in `body`).
  const missing = (field: string) => asRecord(request.body)?.[field] === undefined;
  const type = body.type ?? 'unlimited';
  if (type === 'rolling' && missing('rolling_days')) {
    fail(errors, 'rolling_days', 'The rolling days field is required.');
  }
  const readDate = (field: 'start_date' | 'end_date') => {
    const value = body[field];
    const attribute = field.replace('_', ' ');
    if (value === undefined) {
      if (type === 'date_range' && missing(field)) {
        fail(errors, field, `The ${attribute} field is required.`);
      }
      return null;
    }
    if (!isRealDate(value)) {
      fail(errors, field, `The ${attribute} field must be a valid date.`);
      return null;
    }
    return value;
  };
  const startDate = readDate('start_date');
  const endDate = readDate('end_date');
  if (startDate && endDate && endDate < startDate) {
    fail(errors, 'end_date', 'The end date field must be a date after or equal to start date.');
  }
  if (body.timezone !== undefined && !isTimeZone(body.timezone)) {
    fail(errors, 'timezone', 'The timezone field must be a valid timezone.');
  }
  readDurations(body.interview_durations, errors);
  readRules(body.rules, errors);
  return errors;
});

/** The settings in a body its schema and rules accepted; what it leaves out is the default. */
export function availabilitySettings(body: AvailabilityInput): AvailabilitySettings {
  const defaults = defaultAvailability(body.timezone);
  const type = body.type ?? 'unlimited';
  const ignored: FieldErrors = {};
  return {
    interview_durations: readDurations(body.interview_durations, ignored),
    type,
    rolling_days: body.rolling_days ?? defaults.rolling_days,
    start_date: type === 'date_range' ? (body.start_date ?? null) : null,
    end_date: type === 'date_range' ? (body.end_date ?? null) : null,
    max_interviews_per_day: body.max_interviews_per_day ?? null,
    max_interviews_per_month: body.max_interviews_per_month ?? null,
    minimum_notice: body.minimum_notice ?? defaults.minimum_notice,
    buffer_before: body.buffer_before ?? defaults.buffer_before,
    buffer_after: body.buffer_after ?? defaults.buffer_after,
    spot_increments: body.spot_increments ?? defaults.spot_increments,
    timezone: body.timezone,
    rules: readRules(body.rules, ignored),
  };
}

/** The zone the owner's account is in (the settings' default zone). */
export async function ownerTimezone(db: DB, ownerId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

async function interviewOptionId(db: DB): Promise<number | null> {
  const row = await db
    .selectFrom('booking_options')
    .select('id')
    .where('slug', '=', INTERVIEW_OPTION)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Saved settings, else the defaults (durations from the profile's existing interview prices). */
export async function loadAvailability(
  db: DB,
  guestId: number,
  ownerTimezone: string,
): Promise<AvailabilitySettings> {
  const row = await db
    .selectFrom('guest_availability_settings')
    .selectAll()
    .select([
      sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_day'),
      sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_day'),
    ])
    .where('guest_profile_id', '=', guestId)
    .executeTakeFirst();
  if (!row) {
    const optionId = await interviewOptionId(db);
    const prices =
      optionId === null
        ? []
        : await db
            .selectFrom('guest_option_prices')
            .select(['interview_duration as duration', 'price'])
            .where('guest_profile_id', '=', guestId)
            .where('booking_option_id', '=', optionId)
            .orderBy('interview_duration')
            .execute();
    return defaultAvailability(ownerTimezone, prices);
  }
  return {
    interview_durations: row.interview_durations,
    type: row.type,
    rolling_days: row.rolling_days,
    start_date: row.start_day,
    end_date: row.end_day,
    max_interviews_per_day: row.max_interviews_per_day,
    max_interviews_per_month: row.max_interviews_per_month,
    minimum_notice: row.minimum_notice,
    buffer_before: row.buffer_before,
    buffer_after: row.buffer_after,
    spot_increments: row.spot_increments,
    timezone: row.timezone,
    rules: row.rules,
  };
}

export async function saveAvailability(
  db: DB,
  guestId: number,
  settings: AvailabilitySettings,
): Promise<void> {
  const values = {
    interview_durations: JSON.stringify(settings.interview_durations),
    type: settings.type,
    rolling_days: settings.rolling_days,
    start_date: settings.start_date,
    end_date: settings.end_date,
    max_interviews_per_day: settings.max_interviews_per_day,
    max_interviews_per_month: settings.max_interviews_per_month,
    minimum_notice: settings.minimum_notice,
    buffer_before: settings.buffer_before,
    buffer_after: settings.buffer_after,
    spot_increments: settings.spot_increments,
    timezone: settings.timezone,
    rules: JSON.stringify(settings.rules),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('guest_availability_settings')
      .values({ guest_profile_id: guestId, ...values })
      .onConflict((conflict) =>
        conflict.column('guest_profile_id').doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
    const optionId = await interviewOptionId(trx);
    if (optionId === null) return;
    await trx
      .deleteFrom('guest_option_prices')
      .where('guest_profile_id', '=', guestId)
      .where('booking_option_id', '=', optionId)
      .execute();
    await trx
      .insertInto('guest_option_prices')
      .values(
        settings.interview_durations.map(({ duration, price }) => ({
          guest_profile_id: guestId,
          booking_option_id: optionId,
          interview_duration: duration,
          price,
        })),
      )
      .execute();
  });
}
