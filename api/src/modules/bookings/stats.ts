import { sql } from 'kysely';
import type { BookingStats } from '../../contract';
import type { DB } from '../../db/database';
import type { AuthUser } from '../auth/require-user';
import { inScope, viewerScope } from './list-scope';

// GET /bookings/stats (booking-management… §3 "Booking stats": confirmed, pending, completed),
// over every booking the list shows the viewer. Each figure counts the rows whose list status
// (booking-list-facts.ts listStatusOf) it names: one pass over the scope's two side indexes.

export async function bookingStatsOf(db: DB, viewer: AuthUser): Promise<BookingStats> {
  const scope = await viewerScope(db, viewer);
  return db
    .selectFrom('bookings as b')
    .where(inScope(scope))
    .select([
      sql<number>`count(*) filter (
        where b.status = 'scheduled' and b.booking_date is not null and not b.scheduled_without_date
      )::int`.as('confirmed'),
      sql<number>`count(*) filter (where b.status = 'pending')::int`.as('pending'),
      sql<number>`count(*) filter (where b.status = 'completed')::int`.as('completed'),
    ])
    .executeTakeFirstOrThrow();
}
