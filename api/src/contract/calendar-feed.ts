import { Type, type Static } from 'typebox';
import { Nullable } from './builders';
import { DataSchema } from './common';

// The private calendar feed (decision 118): GET/POST/DELETE /users/me/calendar-feed manage it,
// GET /calendar-feed/{token}.ics is what calendar apps subscribe to.

/** The feed as Settings shows it: whether there is one, and when it was made and last read. */
export const CalendarFeedStatusSchema = Type.Object({
  active: Type.Boolean(),
  /** ISO 8601; null without a feed */
  created_at: Nullable(Type.String()),
  /** ISO 8601; null until a calendar first reads it */
  last_used_at: Nullable(Type.String()),
});
export type CalendarFeedStatus = Static<typeof CalendarFeedStatusSchema>;

/** POST's answer: the status plus the URL, shown this once (only its hash is kept). */
export const NewCalendarFeedSchema = Type.Object({
  active: Type.Literal(true),
  created_at: Type.String(),
  last_used_at: Type.Null(),
  /** https://…/api/v1/calendar-feed/{token}.ics */
  url: Type.String(),
  /** the same address as webcal://, which Apple Calendar and Outlook open as a subscription */
  webcal_url: Type.String(),
});
export type NewCalendarFeed = Static<typeof NewCalendarFeedSchema>;

export const CalendarFeedStatusAnswerSchema = DataSchema(CalendarFeedStatusSchema);
export const NewCalendarFeedAnswerSchema = DataSchema(NewCalendarFeedSchema);
