// The account's timezone options, the same list the API accepts (one implementation, no server code).
export {
  DEFAULT_TIMEZONE,
  findTimezoneOption,
  gmtLabel,
  isTimezoneOption,
  TIMEZONE_OPTIONS,
} from '@guestspot/api/timezones';
export type { TimezoneOption } from '@guestspot/api/timezones';
