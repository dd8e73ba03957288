import { Type, type Static } from 'typebox';
import { Int, Str, StringEnum, TimezoneName } from './builders';
import { DataSchema } from './common';

// A guest's availability settings (GET/PUT /guests/{id}/availability) and free slots.

export interface InterviewDuration {
  /** minutes, one of 15, 30, 45, 60, 75, 90, 120, 180 */
  duration: number;
  /** cents; 0 is FREE */
  price: number;
}

export interface AvailabilityInterval {
  /** 'HH:mm' */
  from: string;
  to: string;
}

export interface AvailabilityRule {
  type: 'wday';
  /** 0 = Sunday ... 6 = Saturday */
  wday: number;
  intervals: AvailabilityInterval[];
}

/** GET/PUT /guests/{id}/availability (GET answers the defaults until saved) */
export interface AvailabilitySettings {
  interview_durations: InterviewDuration[];
  type: 'unlimited' | 'rolling' | 'date_range';
  rolling_days: number;
  /** 'YYYY-MM-DD' */
  start_date: string | null;
  end_date: string | null;
  max_interviews_per_day: number | null;
  max_interviews_per_month: number | null;
  /** minutes */
  minimum_notice: number;
  buffer_before: number;
  buffer_after: number;
  spot_increments: number;
  /** IANA name */
  timezone: string;
  rules: AvailabilityRule[];
}

// ---- GET /guests/{guest}/availability/slots (decision 100) ----

/** What the slots call reads: the viewer's month in the viewer's zone. */
export const AvailabilitySlotsQuerySchema = Type.Object({
  /** 'YYYY-MM', in the viewer's zone */
  month: Str({
    max: 7,
    pattern: {
      regex: '^[0-9]{4}-(0[1-9]|1[0-2])$',
      message: 'The :attribute field must match the format Y-m.',
    },
  }),
  /** the viewer's IANA zone (checked by the handler: auth/user-fields.ts timezoneValid) */
  timezone: TimezoneName(),
  /** interview minutes, one the guest offers; default the shortest */
  duration: Type.Optional(Int({ min: 1, max: 24 * 60 })),
});
export type AvailabilitySlotsQuery = Static<typeof AvailabilitySlotsQuerySchema>;

/** One free start time of a guest, keyed by its local date in the asked zone. */
export const AvailabilitySlotSchema = Type.Object({
  /** the viewer's local date and time, 'YYYY-MM-DD HH:mm:ss' */
  datetime: Type.String(),
  /** the viewer's local date, 'YYYY-MM-DD' */
  date: Type.String(),
  /** the same instant in UTC, 'YYYY-MM-DD HH:mm:ss' */
  utc: Type.String(),
  status: StringEnum(['available'] as const),
});
export type AvailabilitySlot = Static<typeof AvailabilitySlotSchema>;

/** The month's slots by the viewer's local date 'YYYY-MM-DD'; days without one are left out. */
export const AvailabilitySlotsSchema = Type.Record(
  Type.String(),
  Type.Array(AvailabilitySlotSchema),
);
export type AvailabilitySlots = Static<typeof AvailabilitySlotsSchema>;

export const AvailabilitySlotsAnswerSchema = DataSchema(AvailabilitySlotsSchema);
