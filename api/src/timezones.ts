// The account's timezone options (account spec §3: timezone, label, offset; about 90 entries from
// UTC-12 to UTC+13). One list for the server and the browser: shared-api re-exports this file, so
// keep it free of imports and of anything server-only. Offsets are standard time, in hours.

export interface TimezoneOption {
  /** The IANA name stored on the user, e.g. 'US/Central'. */
  timezone: string;
  /** '(GMT-06:00) Central Time (US & Canada)' */
  label: string;
  /** Hours from UTC in standard time; may be fractional (5.5, 5.75, -3.5). */
  offset: number;
}

/** Spec §9: 'Default timezone shown US/Central'. */
export const DEFAULT_TIMEZONE = 'US/Central';

const ZONES: ReadonlyArray<readonly [timezone: string, offset: number, name: string]> = [
  ['Etc/GMT+12', -12, 'International Date Line West'],
  ['Pacific/Midway', -11, 'Midway Island'],
  ['US/Hawaii', -10, 'Hawaii'],
  ['Pacific/Marquesas', -9.5, 'Marquesas Islands'],
  ['US/Alaska', -9, 'Alaska'],
  ['US/Pacific', -8, 'Pacific Time (US & Canada)'],
  ['America/Tijuana', -8, 'Tijuana, Baja California'],
  ['US/Arizona', -7, 'Arizona'],
  ['US/Mountain', -7, 'Mountain Time (US & Canada)'],
  ['America/Mazatlan', -7, 'Mazatlan'],
  ['America/Managua', -6, 'Central America'],
  ['US/Central', -6, 'Central Time (US & Canada)'],
  ['America/Mexico_City', -6, 'Guadalajara, Mexico City, Monterrey'],
  ['America/Regina', -6, 'Saskatchewan'],
  ['America/Bogota', -5, 'Bogota, Lima, Quito'],
  ['US/Eastern', -5, 'Eastern Time (US & Canada)'],
  ['America/Indiana/Indianapolis', -5, 'Indiana (East)'],
  ['America/Halifax', -4, 'Atlantic Time (Canada)'],
  ['America/Caracas', -4, 'Caracas'],
  ['America/La_Paz', -4, 'La Paz'],
  ['America/Manaus', -4, 'Manaus'],
  ['America/Santiago', -4, 'Santiago'],
  ['America/St_Johns', -3.5, 'Newfoundland'],
  ['America/Sao_Paulo', -3, 'Brasilia'],
  ['America/Argentina/Buenos_Aires', -3, 'Buenos Aires'],
  ['America/Cayenne', -3, 'Cayenne, Fortaleza'],
  ['America/Montevideo', -3, 'Montevideo'],
  ['America/Noronha', -2, 'Mid-Atlantic'],
  ['America/Nuuk', -2, 'Greenland'],
  ['Atlantic/Cape_Verde', -1, 'Cape Verde Is.'],
  ['Atlantic/Azores', -1, 'Azores'],
  ['UTC', 0, 'Coordinated Universal Time'],
  ['Europe/London', 0, 'Dublin, Edinburgh, Lisbon, London'],
  ['Atlantic/Reykjavik', 0, 'Reykjavik'],
  ['Africa/Casablanca', 1, 'Casablanca'],
  ['Europe/Amsterdam', 1, 'Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna'],
  ['Europe/Belgrade', 1, 'Belgrade, Bratislava, Budapest, Ljubljana, Prague'],
  ['Europe/Brussels', 1, 'Brussels, Copenhagen, Madrid, Paris'],
  ['Europe/Warsaw', 1, 'Sarajevo, Skopje, Warsaw, Zagreb'],
  ['Africa/Lagos', 1, 'West Central Africa'],
  ['Europe/Athens', 2, 'Athens, Bucharest'],
  ['Africa/Cairo', 2, 'Cairo'],
  ['Africa/Johannesburg', 2, 'Harare, Pretoria'],
  ['Europe/Helsinki', 2, 'Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius'],
  ['Asia/Jerusalem', 2, 'Jerusalem'],
  ['Asia/Amman', 3, 'Amman'],
  ['Asia/Baghdad', 3, 'Baghdad'],
  ['Europe/Istanbul', 3, 'Istanbul'],
  ['Asia/Riyadh', 3, 'Kuwait, Riyadh'],
  ['Europe/Minsk', 3, 'Minsk'],
  ['Europe/Moscow', 3, 'Moscow, St. Petersburg'],
  ['Africa/Nairobi', 3, 'Nairobi'],
  ['Asia/Tehran', 3.5, 'Tehran'],
  ['Asia/Dubai', 4, 'Abu Dhabi, Muscat'],
  ['Asia/Baku', 4, 'Baku'],
  ['Asia/Tbilisi', 4, 'Tbilisi'],
  ['Asia/Yerevan', 4, 'Yerevan'],
  ['Asia/Kabul', 4.5, 'Kabul'],
  ['Asia/Karachi', 5, 'Islamabad, Karachi'],
  ['Asia/Tashkent', 5, 'Tashkent'],
  ['Asia/Yekaterinburg', 5, 'Yekaterinburg'],
  ['Asia/Kolkata', 5.5, 'Chennai, Kolkata, Mumbai, New Delhi'],
  ['Asia/Colombo', 5.5, 'Sri Jayawardenepura'],
  ['Asia/Kathmandu', 5.75, 'Kathmandu'],
  ['Asia/Dhaka', 6, 'Dhaka'],
  ['Asia/Omsk', 6, 'Omsk'],
  ['Asia/Yangon', 6.5, 'Yangon (Rangoon)'],
  ['Asia/Bangkok', 7, 'Bangkok, Hanoi, Jakarta'],
  ['Asia/Krasnoyarsk', 7, 'Krasnoyarsk'],
  ['Asia/Shanghai', 8, 'Beijing, Chongqing, Hong Kong, Urumqi'],
  ['Asia/Irkutsk', 8, 'Irkutsk'],
  ['Asia/Singapore', 8, 'Kuala Lumpur, Singapore'],
  ['Australia/Perth', 8, 'Perth'],
  ['Asia/Taipei', 8, 'Taipei'],
  ['Asia/Ulaanbaatar', 8, 'Ulaanbaatar'],
  ['Asia/Tokyo', 9, 'Osaka, Sapporo, Tokyo'],
  ['Asia/Seoul', 9, 'Seoul'],
  ['Asia/Yakutsk', 9, 'Yakutsk'],
  ['Australia/Adelaide', 9.5, 'Adelaide'],
  ['Australia/Darwin', 9.5, 'Darwin'],
  ['Australia/Brisbane', 10, 'Brisbane'],
  ['Australia/Sydney', 10, 'Canberra, Melbourne, Sydney'],
  ['Pacific/Guam', 10, 'Guam, Port Moresby'],
  ['Australia/Hobart', 10, 'Hobart'],
  ['Asia/Vladivostok', 10, 'Vladivostok'],
  ['Australia/Lord_Howe', 10.5, 'Lord Howe Island'],
  ['Asia/Magadan', 11, 'Magadan'],
  ['Pacific/Guadalcanal', 11, 'Solomon Is., New Caledonia'],
  ['Pacific/Auckland', 12, 'Auckland, Wellington'],
  ['Pacific/Fiji', 12, 'Fiji'],
  ['Asia/Kamchatka', 12, 'Kamchatka, Marshall Is.'],
  ['Pacific/Chatham', 12.75, 'Chatham Islands'],
  ['Pacific/Tongatapu', 13, "Nuku'alofa"],
  ['Pacific/Apia', 13, 'Samoa'],
];

/** 'GMT-6', 'GMT+5:30', 'GMT+0' — an offset in hours as the settings row shows it. */
export function gmtLabel(offsetHours: number): string {
  const sign = offsetHours < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offsetHours) * 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

function labelFor(offset: number, name: string): string {
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `(GMT${sign}${hh}:${mm}) ${name}`;
}

export const TIMEZONE_OPTIONS: readonly TimezoneOption[] = ZONES.map(
  ([timezone, offset, name]) => ({ timezone, offset, label: labelFor(offset, name) }),
);

const BY_ZONE = new Map(TIMEZONE_OPTIONS.map((option) => [option.timezone, option]));

/** The option for a stored timezone, or undefined for a zone that is not one of the options. */
export function findTimezoneOption(timezone: string): TimezoneOption | undefined {
  return BY_ZONE.get(timezone);
}

export function isTimezoneOption(timezone: string): boolean {
  return BY_ZONE.has(timezone);
}
