// Facts of booking that the server and the browser share (issue 29 §4), one copy each: the two
// sides a profile and a booking have, the interview lengths, and how many times a booker may
// propose. shared-api re-exports this file, so keep it free of imports and of anything server-only.

/** A profile's kind, and a booking's side: a guest (interviewed) or a show (interviewing). */
export const PROFILE_SIDES = ['guest', 'show'] as const;
export type ProfileSide = (typeof PROFILE_SIDES)[number];

/** The other side of a booking. */
export const otherSide = (side: ProfileSide): ProfileSide => (side === 'guest' ? 'show' : 'guest');

/** The interview lengths, in minutes, a profile may sell and a booking may take (marketplace… §9). */
export const INTERVIEW_DURATIONS = [15, 30, 45, 60, 75, 90, 120, 180] as const;
export type InterviewDuration = (typeof INTERVIEW_DURATIONS)[number];

/** The most times a booker may propose (booking-management… §5, the dates step). */
export const MAX_PROPOSED_DATES = 3;
