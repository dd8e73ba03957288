// @guestspot/shared-ui/timezone-select: the timezone picker and labels, apart from the shared
// forms entry (not shared itself: each app that uses it bundles it), so that a form without a
// timezone (sign in, register) does not download the ~90 labelled zones.
import { useField } from 'formik';
import { findTimezoneOption, TIMEZONE_OPTIONS } from '@guestspot/shared-api/timezones';
import type { SelectOption } from '@guestspot/shared-ui';
import { FormSelect, type FormSelectProps } from '@guestspot/shared-ui/forms';

/** A zone missing from the list (e.g. set at signup from the browser) reads as its IANA name. */
function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

function withCurrent(options: SelectOption[], current: string | undefined): SelectOption[] {
  return !current || options.some((option) => option.value === current)
    ? options
    : [{ value: current, label: zoneLabel(current) }, ...options];
}

/**
 * The account list (spec: about 90 labelled entries, the same list the API accepts for a user)
 * or every IANA zone the browser knows (availability settings accept any valid zone).
 */
export function timezoneOptions(zones: 'account' | 'any', current?: string): SelectOption[] {
  if (zones === 'account') {
    return withCurrent(
      TIMEZONE_OPTIONS.map((option) => ({ value: option.timezone, label: option.label })),
      current,
    );
  }
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return withCurrent(
    all.map((zone) => ({ value: zone, label: zoneLabel(zone) })),
    current,
  );
}

/** How a stored zone reads outside the picker: its label in the account list, else its name. */
export function timezoneLabel(zone: string): string {
  return findTimezoneOption(zone)?.label ?? zoneLabel(zone);
}

export type FormTimezoneSelectProps = Omit<FormSelectProps, 'options'> & {
  /** Which zones are offered: the account list (default) or any IANA zone. */
  zones?: 'account' | 'any';
};

/** The one timezone picker: a FormSelect of zones, the current value kept when not listed. */
export function FormTimezoneSelect({ zones = 'account', ...props }: FormTimezoneSelectProps) {
  const [field] = useField<string>(props.name);
  return <FormSelect {...props} options={timezoneOptions(zones, field.value)} />;
}
