import { sql } from 'kysely';
import type {
  AvailabilityInterval,
  AvailabilityRule,
  AvailabilitySettings,
  InterviewDuration,
} from '../../contract';
import type { DB } from '../../db/database';
import type { FieldErrors } from '../../http/errors';
import { Validator } from '../../http/validation';
import { INTERVIEW_DURATIONS } from './durations';

// A guest's interview availability settings: the product defaults (marketplace spec §9), the
// checks on what the owner saves, and storage (with the durations' prices mirrored into the
// profile's virtual-interview option prices, which feed option_prices and lowest_price).

export const AVAILABILITY_TYPES = ['unlimited', 'rolling', 'date_range'] as const;
const INTERVIEW_OPTION = 'virtual-interview';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
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

function readDurations(input: Validator, errors: FieldErrors, raw: unknown): InterviewDuration[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    input.fail('interview_durations', 'At least one interview duration is required.');
    return [];
  }
  const seen = new Set<number>();
  const result: InterviewDuration[] = [];
  raw.slice(0, INTERVIEW_DURATIONS.length + 1).forEach((item, index) => {
    const row = new Validator(asRecord(item) ?? {}, `interview_durations.${index}`, errors);
    const duration = row.integer('duration', { required: true });
    const price = row.integer('price', { required: true, min: 0, max: MAX_PRICE });
    if (duration !== undefined && !INTERVIEW_DURATIONS.includes(duration)) {
      input.fail(`interview_durations.${index}.duration`, 'The selected duration is invalid.');
    } else if (duration !== undefined && seen.has(duration)) {
      input.fail(
        `interview_durations.${index}.duration`,
        'Each interview duration can be listed once.',
      );
    }
    if (
      duration !== undefined &&
      price !== undefined &&
      INTERVIEW_DURATIONS.includes(duration) &&
      !seen.has(duration)
    ) {
      seen.add(duration);
      result.push({ duration, price });
    }
  });
  if (raw.length > INTERVIEW_DURATIONS.length) {
    input.fail('interview_durations', 'Each interview duration can be listed once.');
  }
  return result.sort((a, b) => a.duration - b.duration);
}

function minutes(time: string): number {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  return hours * 60 + mins;
}

function readRules(input: Validator, raw: unknown): AvailabilityRule[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 7) {
    input.fail('rules', 'The rules field must be a list of at most 7 weekdays.');
    return [];
  }
  const days = new Set<number>();
  const rules: AvailabilityRule[] = [];
  raw.forEach((item, index) => {
    const key = `rules.${index}`;
    const rule = asRecord(item);
    if (!rule || rule.type !== 'wday') {
      input.fail(`${key}.type`, 'The selected type is invalid.');
      return;
    }
    const wday = rule.wday;
    if (typeof wday !== 'number' || !Number.isInteger(wday) || wday < 0 || wday > 6) {
      input.fail(`${key}.wday`, 'The wday field must be between 0 and 6.');
      return;
    }
    if (days.has(wday)) {
      input.fail(`${key}.wday`, 'Each weekday can have one rule.');
      return;
    }
    days.add(wday);
    const rawIntervals = rule.intervals;
    if (!Array.isArray(rawIntervals) || rawIntervals.length > 24) {
      input.fail(`${key}.intervals`, 'The intervals field must be a list.');
      return;
    }
    const intervals: AvailabilityInterval[] = [];
    rawIntervals.forEach((rawInterval, position) => {
      const interval = asRecord(rawInterval);
      const intervalKey = `${key}.intervals.${position}`;
      const from = interval?.from;
      const to = interval?.to;
      if (typeof from !== 'string' || !TIME.test(from)) {
        input.fail(`${intervalKey}.from`, 'The from field must be a time like 09:00.');
        return;
      }
      if (typeof to !== 'string' || !TIME.test(to)) {
        input.fail(`${intervalKey}.to`, 'The to field must be a time like 17:00.');
        return;
      }
      if (minutes(from) >= minutes(to)) {
        input.fail(`${intervalKey}.to`, 'The end time must be after the start time.');
        return;
      }
      intervals.push({ from, to });
    });
    const sorted = [...intervals].sort((a, b) => minutes(a.from) - minutes(b.from));
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1];
      const current = sorted[i];
      if (previous && current && minutes(current.from) < minutes(previous.to)) {
        input.fail(`${key}.intervals`, 'The time intervals overlap.');
        return;
      }
    }
    rules.push({ type: 'wday', wday, intervals: sorted });
  });
  return rules.sort((a, b) => a.wday - b.wday);
}

/** The settings in a PUT body; every failure recorded on `input`. */
export function readAvailability(
  body: unknown,
  fallbackTimezone: string,
): {
  input: Validator;
  settings: AvailabilitySettings;
} {
  const record = asRecord(body) ?? {};
  const errors: FieldErrors = {};
  const input = new Validator(record, '', errors);
  const defaults = defaultAvailability(fallbackTimezone);
  const type = input.oneOf('type', AVAILABILITY_TYPES) ?? 'unlimited';
  const rollingDays = input.integer('rolling_days', {
    min: 1,
    max: 365,
    required: type === 'rolling',
  });
  const readDate = (field: 'start_date' | 'end_date') => {
    const value = input.string(field, { required: type === 'date_range', max: 10 });
    if (value === undefined) return null;
    if (!isRealDate(value)) {
      input.fail(field, `The ${field.replace('_', ' ')} field must be a valid date.`);
      return null;
    }
    return value;
  };
  const startDate = readDate('start_date');
  const endDate = readDate('end_date');
  if (startDate && endDate && endDate < startDate) {
    input.fail('end_date', 'The end date field must be a date after or equal to start date.');
  }
  const timezone = input.string('timezone', { required: true, max: 64 });
  if (timezone !== undefined && !isTimeZone(timezone)) {
    input.fail('timezone', 'The timezone field must be a valid timezone.');
  }
  const settings: AvailabilitySettings = {
    interview_durations: readDurations(input, errors, record.interview_durations),
    type,
    rolling_days: rollingDays ?? defaults.rolling_days,
    start_date: type === 'date_range' ? startDate : null,
    end_date: type === 'date_range' ? endDate : null,
    max_interviews_per_day: input.integer('max_interviews_per_day', { min: 1, max: 100 }) ?? null,
    max_interviews_per_month:
      input.integer('max_interviews_per_month', { min: 1, max: 3000 }) ?? null,
    minimum_notice:
      input.integer('minimum_notice', { min: 0, max: 60 * 24 * 90 }) ?? defaults.minimum_notice,
    buffer_before:
      input.integer('buffer_before', { min: 0, max: 24 * 60 }) ?? defaults.buffer_before,
    buffer_after: input.integer('buffer_after', { min: 0, max: 24 * 60 }) ?? defaults.buffer_after,
    spot_increments:
      input.integer('spot_increments', { min: 5, max: 24 * 60 }) ?? defaults.spot_increments,
    timezone: timezone ?? fallbackTimezone,
    rules: readRules(input, record.rules),
  };
  return { input, settings };
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
