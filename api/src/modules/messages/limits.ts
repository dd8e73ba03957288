import type { DB } from '../../db/database';
import { enforceRateLimit, rateLimitKey, type RateLimit } from '../auth/rate-limit';

// How much one person may write (issue 31): a conversation is between two sides of a booking,
// and every message tells the other side, so writing is limited per person who types (the
// author: an impersonator or a team member counts as themselves), in fixed windows kept in
// login_throttles beside the other limits (auth/rate-limit.ts, decisions 064 and 105), shared by
// every API process. A burst of 30 a minute is more than anyone types; 300 a day is more than
// a busy agency answers. Sending and editing count alike. Like the booking limits, the
// allowances scale with config.bookingLimitScale (the test harness raises them).

export interface MessageLimit {
  scope: string;
  limit: RateLimit;
}

export const MESSAGE_LIMITS: readonly MessageLimit[] = [
  { scope: 'message-minute', limit: { max: 30, windowSeconds: 60 } },
  { scope: 'message-day', limit: { max: 300, windowSeconds: 24 * 60 * 60 } },
];

export const tooManyMessages = (seconds: number) =>
  `Too many messages. Please try again in ${seconds} seconds.`;

/**
 * Counts one write by `authorId` against each window, the shortest first; 429 with Retry-After
 * at the first exceeded (a request the minute refuses does not count for the day).
 */
export async function enforceMessageLimits(db: DB, authorId: number, scale: number): Promise<void> {
  for (const { scope, limit } of MESSAGE_LIMITS) {
    const max = Math.max(1, Math.round(limit.max * scale));
    await enforceRateLimit(db, rateLimitKey(scope, authorId), { ...limit, max }, tooManyMessages);
  }
}
