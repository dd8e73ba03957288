/** The interview lengths (minutes) a guest may offer; the account app's form lists the same. */
export const INTERVIEW_DURATIONS = [15, 30, 45, 60, 75, 90, 120, 180];
