// The booking facts the API checks with: sides, interview lengths, proposals (one copy, no server code).
export {
  INTERVIEW_DURATIONS,
  MAX_PROPOSED_DATES,
  otherSide,
  PROFILE_SIDES,
} from '@guestspot/api/booking-facts';
export type { InterviewDuration, ProfileSide } from '@guestspot/api/booking-facts';
