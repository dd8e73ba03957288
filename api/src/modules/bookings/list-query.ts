import { sql, type Expression, type SqlBool } from 'kysely';
import { DateTime } from 'luxon';
import {
  BOOKING_STATUS_FILTERS,
  LIST_ACTIONS,
  listStatusOf,
  type BookedBy,
  type BookingSort,
  type BookingStatusFilter,
} from '../../booking-list-facts';
import type { BookingListItem } from '../../contract';
import type { DB } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { DEFAULT_TIMEZONE } from '../../timezones';
import type { AuthUser } from '../auth/require-user';
import { containsPattern } from '../profiles/list-query';
import { allowedActions } from './action-rules';
import { BOOKING_COLUMNS, toBooking } from './queries';
import {
  bookedByIs,
  inScope,
  listedSide,
  rolesOn,
  viewerScope,
  type ViewerScope,
} from './list-scope';

// GET /bookings with the list's filters and sorts (booking-management… §2, §7, §9; decision 117).

export interface BookingListFilters {
  statuses?: readonly BookingStatusFilter[];
  /** free text: a profile's name on either side, or the order number (#0007 or 7) */
  search?: string;
  /** cents, inclusive; no max: no upper bound (the slider at its top, '$1,000+') */
  price?: { min: number; max: number | null };
  bookedBy?: BookedBy;
  /** YYYY-MM, read in the viewer's time zone */
  month?: string;
}

/** The zone the viewer reads dates in: their own, or the site's default when it is unknown. */
export function zoneOf(viewer: Pick<AuthUser, 'timezone'>): string {
  return DateTime.now().setZone(viewer.timezone).isValid ? viewer.timezone : DEFAULT_TIMEZONE;
}

/** A listed booking's date: its interview's, or the day it was asked for while it has none. */
export const LIST_DATE = sql<Date>`coalesce(b.booking_date, b.created_at)`;

/** The instants [from, to) of a month `YYYY-MM` in `zone`. */
export function monthRange(month: string, zone: string): { from: Date; to: Date } {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone }).startOf('month');
  return { from: start.toJSDate(), to: start.plus({ months: 1 }).toJSDate() };
}

/** An order number as typed ('#0007', '0007', '7') → the booking id, or null. */
export function orderNumberOf(text: string): number | null {
  const digits = /^#?(\d{1,10})$/.exec(text)?.[1];
  if (digits === undefined) return null;
  const id = Number(digits);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The filters as conditions on bookings `b` alone (a name is looked up per booking), so that a
 * page is chosen before any profile is joined (decision 120).
 */
export function filterConditions(
  filters: BookingListFilters,
  scope: ViewerScope,
  zone: string,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [inScope(scope)];
  if (filters.statuses?.length) {
    const statuses = filters.statuses.map((id) => BOOKING_STATUS_FILTERS[id]);
    conditions.push(sql<boolean>`b.status = any(${statuses}::text[])`);
  }
  const search = filters.search?.trim();
  if (search) {
    const like = containsPattern(search);
    const id = orderNumberOf(search);
    // Each name read by its key for the scope's rows: as EXISTS, the planner hashed every
    // profile whose name matched instead (decision 120).
    conditions.push(
      sql<boolean>`((select g.name from guest_profiles g where g.id = b.guest_profile_id) ilike ${like}
        or (select s.name from show_profiles s where s.id = b.show_profile_id) ilike ${like}${
          id === null ? sql`` : sql` or b.id = ${id}`
        })`,
    );
  }
  if (filters.price) {
    conditions.push(sql<boolean>`b.price >= ${filters.price.min}`);
    if (filters.price.max !== null) conditions.push(sql<boolean>`b.price <= ${filters.price.max}`);
  }
  if (filters.bookedBy) conditions.push(bookedByIs(scope, filters.bookedBy));
  if (filters.month) {
    const { from, to } = monthRange(filters.month, zone);
    conditions.push(sql<boolean>`${LIST_DATE} >= ${from} and ${LIST_DATE} < ${to}`);
  }
  return conditions;
}

/** ORDER BY of a sort; ties by id in the same direction (a stable page order). */
function orderOf(sort: BookingSort) {
  const descending = sort.startsWith('-');
  const column = sql.ref(`b.${sort.replace(/^-/, '')}`);
  const direction = descending ? sql`desc` : sql`asc`;
  const nulls = sort.endsWith('booking_date') ? sql` nulls last` : sql``;
  return sql`${column} ${direction}${nulls}, b.id ${direction}`;
}

/** The columns a row needs beyond the Booking answer: its list status and offered actions. */
const LIST_COLUMNS = [
  ...BOOKING_COLUMNS,
  'b.guest_profile_id',
  'b.show_profile_id',
  'b.interview_duration',
  'b.scheduled_without_date',
  'b.proposed_dates',
  'b.proposed_by',
  'b.expires_at',
] as const;

export interface BookingListRequest {
  page: PageRequest;
  sort: BookingSort;
  filters: BookingListFilters;
}

/** A page of the viewer's bookings with the total: one query (the total rides on each row). */
export async function listBookings(
  db: DB,
  viewer: AuthUser,
  request: BookingListRequest,
  now: Date,
): Promise<{ rows: BookingListItem[]; total: number }> {
  const scope = await viewerScope(db, viewer);
  const conditions = filterConditions(request.filters, scope, zoneOf(viewer));
  const matching = db.selectFrom('bookings as b').where((eb) => eb.and(conditions));
  // The page and the total from the bookings alone; only the page's rows then meet their
  // profiles (joined before the limit, every matching booking did: two profile tables hashed
  // for each request, decision 120). Every booking has both profiles, so the rows are the same.
  const page = matching
    .selectAll('b')
    .select(sql<number>`count(*) over ()::int`.as('total'))
    .orderBy(orderOf(request.sort))
    .limit(request.page.perPage)
    .offset(request.page.offset);
  const rows = await db
    .selectFrom(page.as('b'))
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .select([...LIST_COLUMNS, 'b.total'])
    .orderBy(orderOf(request.sort))
    .execute();
  // A page past the end has no row to carry the total: it is asked for alone.
  const total =
    rows[0]?.total ??
    (request.page.offset === 0
      ? 0
      : (await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow())
          .total);
  return {
    total,
    rows: rows.map((row) => {
      const roles = rolesOn(scope, row);
      const { side, bookedBy } = listedSide(roles, row.initiator);
      return {
        ...toBooking(row, side),
        list_status: listStatusOf(row),
        booked_by: bookedBy,
        interview_duration: row.interview_duration,
        list_actions: allowedActions(row, roles, viewer, now, LIST_ACTIONS),
      };
    }),
  };
}
