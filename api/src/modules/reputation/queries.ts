import { sql, type RawBuilder } from 'kysely';
import type { Reputation } from '../../contract';
import type { DB } from '../../db/database';
import type { ProfileSide } from '../../booking-facts';

// A profile's reputation as the public reads it (decision 114): one row of profile_reputation
// (migration 044, kept by a trigger and the hourly refresh), shown from this many requests whose
// outcome is known. Fewer say little (one slow answer would be "the median") and would let a
// visitor read one counterpart's experience off the page.

export const REPUTATION_MIN_REQUESTS = 3;

interface ReputationRow {
  profile_id: number;
  requests: number;
  accepted: number;
  median_answer_seconds: number | null;
}

/** The public figures of a kept row, or null below the minimum. */
export function reputationOf(
  row: Omit<ReputationRow, 'profile_id'> | undefined,
): Reputation | null {
  if (!row || row.requests < REPUTATION_MIN_REQUESTS) return null;
  return {
    requests: row.requests,
    accepted_percent: Math.round((row.accepted / row.requests) * 100),
    median_answer_minutes:
      row.median_answer_seconds === null ? null : Math.round(row.median_answer_seconds / 60),
  };
}

/** The shown reputation of each of these profiles (absent: none shown). */
export async function loadReputations(
  db: DB,
  type: ProfileSide,
  ids: number[],
): Promise<Map<number, Reputation>> {
  const result = new Map<number, Reputation>();
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('profile_reputation')
    .select(['profile_id', 'requests', 'accepted', 'median_answer_seconds'])
    .where('profile_type', '=', type)
    .where('profile_id', 'in', ids)
    .where('requests', '>=', REPUTATION_MIN_REQUESTS)
    .execute();
  for (const row of rows) {
    const reputation = reputationOf(row);
    if (reputation) result.set(row.profile_id, reputation);
  }
  return result;
}

/**
 * Browse's "Fastest response" order over `r` (profile_reputation joined to the profiles `p`):
 * profiles whose figures are shown first, fastest median answer first, then the larger share
 * accepted; a profile whose figures are hidden sorts by none of them (nothing hidden leaks
 * through the order).
 */
export function fastestResponseOrder(): RawBuilder<unknown> {
  const shown = sql`r.requests >= ${sql.lit(REPUTATION_MIN_REQUESTS)}`;
  return sql`(case when ${shown} then r.median_answer_seconds end) asc nulls last,
    (case when ${shown} then r.accepted::float8 / r.requests end) desc nulls last`;
}
