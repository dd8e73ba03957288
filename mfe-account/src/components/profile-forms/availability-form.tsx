import type { ReactNode } from 'react';
import { FieldArray, useFormikContext } from 'formik';
import * as yup from 'yup';
import type { AvailabilitySettings } from '@guestspot/shared-api';
import { Button, messages, type SelectOption } from '@guestspot/shared-ui';
import { FormCheckbox, FormSelect, FormTextField } from '@guestspot/shared-ui/forms';
import { FormTimezoneSelect } from '@guestspot/shared-ui/timezone-select';
import { ProfileForm } from './form-parts';
import { INTERVIEW_DURATIONS } from '@guestspot/shared-api/booking-facts';

// Interview availability settings (marketplace spec §3, defaults §9). Money is typed in whole
// dollars and sent in cents; minutes are chosen from human labels ('4 hours').

/** 240 -> '4 hours', 90 -> '1 hour 30 minutes', 1440 -> '1 day' */
export function humanMinutes(total: number): string {
  if (total === 0) return 'None';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  return [
    days ? plural(days, 'day') : '',
    hours ? plural(hours, 'hour') : '',
    minutes ? plural(minutes, 'minute') : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const minuteOptions = (values: number[]): SelectOption[] =>
  values.map((value) => ({ value: String(value), label: humanMinutes(value) }));

const NOTICE_OPTIONS = minuteOptions([0, 60, 120, 240, 480, 720, 1440, 2880, 4320, 10080]);
const BUFFER_OPTIONS = minuteOptions([0, 15, 30, 45, 60, 90, 120]);
const INCREMENT_OPTIONS = minuteOptions([15, 30, 45, 60, 90, 120]);
const DURATION_OPTIONS = INTERVIEW_DURATIONS.map((value) => ({
  value: String(value),
  label: `${value} minutes`,
}));
const TYPE_OPTIONS: SelectOption[] = [
  { value: 'unlimited', label: 'Any time in the future' },
  { value: 'rolling', label: 'A rolling number of days ahead' },
  { value: 'date_range', label: 'Between two dates' },
];

/** Monday first, as people read a week; wday is 0 = Sunday ... 6 = Saturday. */
const WEEK = [
  { wday: 1, label: 'Monday' },
  { wday: 2, label: 'Tuesday' },
  { wday: 3, label: 'Wednesday' },
  { wday: 4, label: 'Thursday' },
  { wday: 5, label: 'Friday' },
  { wday: 6, label: 'Saturday' },
  { wday: 0, label: 'Sunday' },
];

const toMinutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

const intervalSchema = yup.object({
  from: yup.string().required(messages.required('From')),
  to: yup
    .string()
    .required(messages.required('To'))
    .test('after', 'The end time must be after the start time.', function check(to) {
      const { from } = this.parent as { from?: string };
      return !from || !to || toMinutes(to) > toMinutes(from);
    }),
});

const integerText = (label: string, min: number, max: number) =>
  yup
    .string()
    .matches(/^\d*$/, messages.minValue(label, min))
    .test('min', messages.minValue(label, min), (value) => !value || Number(value) >= min)
    .test('max', messages.maxValue(label, max), (value) => !value || Number(value) <= max);

export const availabilitySchema = yup.object({
  interview_durations: yup
    .array(
      yup.object({
        duration: yup
          .string()
          .required(messages.required('Duration'))
          .test('unique', 'Each interview duration can be listed once.', function unique(value) {
            // The root values are the last ancestor; a row repeating an earlier row fails.
            const root = this.from?.[this.from.length - 1]?.value as
              | { interview_durations?: { duration?: string }[] }
              | undefined;
            const rows = root?.interview_durations ?? [];
            const index = rows.findIndex((row) => row === this.parent);
            return !value || rows.findIndex((row) => row.duration === value) === index;
          }),
        price: integerText('Price', 0, 100000).required(messages.required('Price')),
      }),
    )
    .min(1, 'Add at least one interview duration.')
    .required(),
  type: yup.string().oneOf(['unlimited', 'rolling', 'date_range']).required(),
  rolling_days: integerText('Days', 1, 365).when('type', {
    is: 'rolling',
    then: (schema) => schema.required(messages.required('Days')),
  }),
  start_date: yup.string().when('type', {
    is: 'date_range',
    then: (schema) => schema.required(messages.required('Start date')),
  }),
  end_date: yup
    .string()
    .when('type', {
      is: 'date_range',
      then: (schema) => schema.required(messages.required('End date')),
    })
    .test('after', 'The end date must be on or after the start date.', function check(end) {
      const { start_date: start } = this.parent as { start_date?: string };
      return !start || !end || end >= start;
    }),
  max_interviews_per_day: integerText('Interviews per day', 1, 100),
  max_interviews_per_month: integerText('Interviews per month', 1, 3000),
  minimum_notice: yup.string().required(),
  buffer_before: yup.string().required(),
  buffer_after: yup.string().required(),
  spot_increments: yup.string().required(),
  timezone: yup.string().required(messages.required('Timezone')),
  days: yup
    .array(
      yup.object({
        wday: yup.number().required(),
        enabled: yup.boolean().required(),
        intervals: yup
          .array(intervalSchema)
          .required()
          .test('overlap', 'The time intervals overlap.', (intervals) => {
            const sorted = [...(intervals ?? [])]
              .filter((i) => i.from && i.to)
              .sort((a, b) => toMinutes(a.from) - toMinutes(b.from));
            return sorted.every(
              (i, n) => n === 0 || toMinutes(i.from) >= toMinutes(sorted[n - 1]?.to ?? '00:00'),
            );
          }),
      }),
    )
    .required(),
});

export type AvailabilityValues = yup.InferType<typeof availabilitySchema>;

const text = (value: number | null) => (value === null ? '' : String(value));

export function availabilityToValues(settings: AvailabilitySettings): AvailabilityValues {
  return {
    interview_durations: settings.interview_durations.map(({ duration, price }) => ({
      duration: String(duration),
      price: String(Math.round(price / 100)),
    })),
    type: settings.type,
    rolling_days: text(settings.rolling_days),
    start_date: settings.start_date ?? '',
    end_date: settings.end_date ?? '',
    max_interviews_per_day: text(settings.max_interviews_per_day),
    max_interviews_per_month: text(settings.max_interviews_per_month),
    minimum_notice: String(settings.minimum_notice),
    buffer_before: String(settings.buffer_before),
    buffer_after: String(settings.buffer_after),
    spot_increments: String(settings.spot_increments),
    timezone: settings.timezone,
    days: WEEK.map(({ wday }) => {
      const rule = settings.rules.find((r) => r.wday === wday);
      return {
        wday,
        enabled: Boolean(rule && rule.intervals.length),
        intervals: rule?.intervals.length ? rule.intervals : [{ from: '09:00', to: '17:00' }],
      };
    }),
  };
}

const numberOrNull = (value: string | undefined) => (value ? Number(value) : null);

export function valuesToAvailability(values: AvailabilityValues): AvailabilitySettings {
  return {
    interview_durations: values.interview_durations.map((row) => ({
      duration: Number(row.duration),
      price: Number(row.price) * 100,
    })),
    type: values.type as AvailabilitySettings['type'],
    rolling_days: Number(values.rolling_days || 30),
    start_date: values.type === 'date_range' ? values.start_date || null : null,
    end_date: values.type === 'date_range' ? values.end_date || null : null,
    max_interviews_per_day: numberOrNull(values.max_interviews_per_day),
    max_interviews_per_month: numberOrNull(values.max_interviews_per_month),
    minimum_notice: Number(values.minimum_notice),
    buffer_before: Number(values.buffer_before),
    buffer_after: Number(values.buffer_after),
    spot_increments: Number(values.spot_increments),
    timezone: values.timezone,
    rules: values.days
      .filter((day) => day.enabled && day.intervals.length)
      .map((day) => ({ type: 'wday' as const, wday: day.wday, intervals: day.intervals })),
  };
}

function DurationRows() {
  const { values } = useFormikContext<AvailabilityValues>();
  return (
    <fieldset className="gs-profile-form__group">
      <legend className="gs-profile-form__legend">Interview durations</legend>
      <FieldArray name="interview_durations">
        {(array) => (
          <>
            <ul className="gs-profile-form__list">
              {values.interview_durations.map((row, index) => (
                <li key={index} className="gs-profile-form__row">
                  <FormSelect
                    name={`interview_durations.${index}.duration`}
                    label={`Duration ${index + 1}`}
                    options={DURATION_OPTIONS}
                  />
                  <FormTextField
                    name={`interview_durations.${index}.price`}
                    label={`Price ${index + 1} (USD)`}
                    inputMode="numeric"
                    hint={
                      row.price === '0' || row.price === '' ? (
                        <span className="gs-profile-form__free">FREE</span>
                      ) : undefined
                    }
                  />
                  {values.interview_durations.length > 1 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      aria-label={`Remove duration ${index + 1}`}
                      onClick={() => array.remove(index)}
                    >
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <DurationsError />
            {values.interview_durations.length < INTERVIEW_DURATIONS.length ? (
              <div>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    const used = new Set(values.interview_durations.map((row) => row.duration));
                    const next = INTERVIEW_DURATIONS.find((d) => !used.has(String(d))) ?? 60;
                    array.push({ duration: String(next), price: '0' });
                  }}
                >
                  Add a duration
                </Button>
              </div>
            ) : null}
          </>
        )}
      </FieldArray>
    </fieldset>
  );
}

function DurationsError() {
  const { errors, submitCount } = useFormikContext<AvailabilityValues>();
  const error = errors.interview_durations;
  if (!submitCount || typeof error !== 'string') return null;
  return (
    <p role="alert" className="gs-profile-form__group-error">
      {error}
    </p>
  );
}

function WeeklyHours() {
  const { values, errors, submitCount } = useFormikContext<AvailabilityValues>();
  return (
    <fieldset className="gs-profile-form__group">
      <legend className="gs-profile-form__legend">Weekly hours</legend>
      {values.days.map((day, dayIndex) => {
        const label = WEEK.find((w) => w.wday === day.wday)?.label ?? '';
        const dayErrors = errors.days?.[dayIndex];
        const overlap =
          submitCount > 0 &&
          typeof dayErrors === 'object' &&
          typeof dayErrors.intervals === 'string'
            ? dayErrors.intervals
            : null;
        return (
          <div key={day.wday} className="gs-profile-form__day">
            <FormCheckbox name={`days.${dayIndex}.enabled`} label={`Available on ${label}`} />
            {day.enabled ? (
              <FieldArray name={`days.${dayIndex}.intervals`}>
                {(array) => (
                  <>
                    {day.intervals.map((_, index) => (
                      <div key={index} className="gs-profile-form__row">
                        <FormTextField
                          type="time"
                          name={`days.${dayIndex}.intervals.${index}.from`}
                          label={`${label} from`}
                        />
                        <FormTextField
                          type="time"
                          name={`days.${dayIndex}.intervals.${index}.to`}
                          label={`${label} to`}
                        />
                        {day.intervals.length > 1 ? (
                          <Button
                            type="button"
                            variant="ghost"
                            aria-label={`Remove ${label} hours ${index + 1}`}
                            onClick={() => array.remove(index)}
                          >
                            Remove
                          </Button>
                        ) : null}
                      </div>
                    ))}
                    {overlap ? (
                      <p role="alert" className="gs-profile-form__group-error">
                        {overlap}
                      </p>
                    ) : null}
                    <div>
                      <Button
                        type="button"
                        variant="link"
                        onClick={() => array.push({ from: '18:00', to: '19:00' })}
                      >
                        Add hours on {label}
                      </Button>
                    </div>
                  </>
                )}
              </FieldArray>
            ) : (
              <p className="gs-profile-form__off">Unavailable</p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

export interface AvailabilityFormProps {
  initialValues: AvailabilityValues;
  onSubmit: (settings: AvailabilitySettings) => Promise<void>;
  onChange?: (values: AvailabilityValues) => void;
  submitLabel?: string;
  secondaryAction?: ReactNode;
}

/** Registration step 7 and the /details availability editor. */
export function AvailabilityForm({
  initialValues,
  onSubmit,
  onChange,
  submitLabel = 'Save',
  secondaryAction,
}: AvailabilityFormProps) {
  return (
    <ProfileForm<AvailabilityValues>
      label="Interview availability"
      initialValues={initialValues}
      schema={availabilitySchema}
      submit={(values) => onSubmit(valuesToAvailability(values))}
      onChange={onChange}
      submitLabel={submitLabel}
      secondaryAction={secondaryAction}
    >
      {(values) => (
        <>
          <DurationRows />
          <FormSelect name="type" label="Booking window" options={TYPE_OPTIONS} />
          {values.type === 'rolling' ? (
            <FormTextField name="rolling_days" label="Days ahead" inputMode="numeric" />
          ) : null}
          {values.type === 'date_range' ? (
            <div className="gs-profile-form__row">
              <FormTextField name="start_date" type="date" label="Start date" />
              <FormTextField name="end_date" type="date" label="End date" />
            </div>
          ) : null}
          <div className="gs-profile-form__row">
            <FormTextField
              name="max_interviews_per_day"
              label="Maximum interviews per day"
              inputMode="numeric"
            />
            <FormTextField
              name="max_interviews_per_month"
              label="Maximum interviews per month"
              inputMode="numeric"
              hint="Leave empty for no limit."
            />
          </div>
          <FormSelect name="minimum_notice" label="Minimum notice" options={NOTICE_OPTIONS} />
          <div className="gs-profile-form__row">
            <FormSelect name="buffer_before" label="Buffer before" options={BUFFER_OPTIONS} />
            <FormSelect name="buffer_after" label="Buffer after" options={BUFFER_OPTIONS} />
            <FormSelect
              name="spot_increments"
              label="Start times every"
              options={INCREMENT_OPTIONS}
            />
          </div>
          {/* Availability takes any valid IANA zone, unlike the account's list (the API's rule). */}
          <FormTimezoneSelect name="timezone" label="Timezone" zones="any" />
          <WeeklyHours />
        </>
      )}
    </ProfileForm>
  );
}
