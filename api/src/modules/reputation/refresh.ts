import { sql } from 'kysely';
import type { DB } from '../../db/database';

// The 90-day window slides: a request leaves it with time, not with a write. The trigger of
// migration 044 recounts a profile when it answers; this recounts every profile, as of `now`
// (the app's clock), writing only the rows whose figures changed (so a quiet hour leaves the
// public answers' data version alone).

/** How often each serving process recounts every profile. */
export const REPUTATION_REFRESH_MS = 60 * 60 * 1000;

export async function refreshReputation(db: DB, now: Date): Promise<void> {
  await sql`select refresh_profile_reputation(${now})`.execute(db);
}

/** Recounts every `intervalMs` (one run at a time) until stopped; errors go to `onError`. */
export function startReputationRefresh(
  db: DB,
  now: () => Date,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshReputation(db, now())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
