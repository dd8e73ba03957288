// Calendar integrations: GET/POST /integrations, GET/PUT/DELETE /integrations/{id},
// GET /integrations/{id}/check.

export type IntegrationSlug = 'icloud-calendar' | 'google-calendar' | 'office365-calendar';
/** The last check's result: active (the provider answered) or inactive (it refused or failed). */
export type IntegrationStatus = 'active' | 'inactive';

export interface CalendarRef {
  id: string;
  name: string;
}

export interface IntegrationParams {
  /** where new bookings are written; one of data.available_calendars */
  events_calendar: string | null;
  /** calendars whose events block availability; a subset of data.available_calendars */
  conflict_calendars: string[];
}

export interface Integration {
  id: number;
  slug: IntegrationSlug;
  name: string;
  /** the connected account (an email address) */
  account: string;
  /** iCloud: the email only; the app password never leaves the server. Null for OAuth providers. */
  credentials: { email: string } | null;
  status: IntegrationStatus;
  checked_at: string | null;
  params: IntegrationParams;
  data: { available_calendars: CalendarRef[] };
  created_at: string;
  updated_at: string;
}

/** POST /integrations (iCloud; Google and Office 365 connect through /oauth/{provider}). */
export interface CreateIntegrationPayload {
  name?: string;
  slug: 'icloud-calendar';
  credentials: { email: string; password: string };
  account?: string;
}
