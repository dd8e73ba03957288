import { Type, type Static } from 'typebox';
import { Nullable, Str, StringEnum } from './builders';

// After the interview (decision 116): the completion questions' answers take no body; Report
// No-Show takes optional details; support resolves a no-show report.

/** The no-show report's details: optional (booking-management… §5), at most 1000 characters. */
export const MAX_NO_SHOW_DETAILS = 1000;

/** POST /bookings/{id}/no-show */
export const BookingNoShowBodySchema = Type.Object({
  details: Type.Optional(Nullable(Str({ max: MAX_NO_SHOW_DETAILS }))),
});
export type BookingNoShowPayload = Static<typeof BookingNoShowBodySchema>;

export const NO_SHOW_OUTCOMES = ['refunded', 'dismissed'] as const;

/** POST /bookings/{id}/no-show/resolve (a site admin): refund the booker, or release the payout. */
export const BookingNoShowResolveBodySchema = Type.Object({
  outcome: StringEnum(NO_SHOW_OUTCOMES),
});
export type NoShowOutcome = (typeof NO_SHOW_OUTCOMES)[number];

/** What the completion questions' and the no-show's calls answer: the words to show. */
export const BookingActionMessageSchema = Type.Object({ message: Type.String() });
export type BookingActionMessage = Static<typeof BookingActionMessageSchema>;
