import { sql } from 'kysely';
import type { ProfileSide } from '../../booking-facts';
import type { BookedBy } from '../../booking-list-facts';
import type { DB } from '../../db/database';
import type { AuthUser } from '../auth/require-user';
import type { ProfileManagerRole } from '../profiles/write';
import type { SideRoles } from './action-rules';

// Whose bookings the list's tools read (decision 117): the profiles of the viewer and of the
// owners whose team the viewer manages (as profiles/write.ts managerRoleOf counts it, so the list
// shows what the booking page lets the viewer open). Read once per request, as the two lists of
// profile ids the queries filter on: each side's index then answers by profile.

export interface ViewerScope {
  guestIds: number[];
  showIds: number[];
  /** how the viewer stands to each profile's owner, by `${side}:${id}` */
  roles: Map<string, ProfileManagerRole>;
}

const RANK: Record<ProfileManagerRole, number> = { owner: 3, agency: 2, basic: 1 };

/** The viewer's and their team owners' guest and show profiles. */
export async function viewerScope(db: DB, viewer: AuthUser): Promise<ViewerScope> {
  // An unverified account manages its own profiles only (decision 066).
  const teams = viewer.status !== 'pending';
  const { rows } = await sql<{ side: ProfileSide; id: number; role: ProfileManagerRole }>`
    with owners as (
      select ${viewer.id}::int as user_id, 'owner'::text as role
      union all
      select t.owner_id, case when tm.role = 'agency' then 'agency' else 'basic' end
      from team_members tm
      join teams t on t.id = tm.team_id
      where tm.user_id = ${viewer.id} and tm.role in ('admin', 'agency') and ${teams}
    )
    select 'guest' as side, g.id, o.role from guest_profiles g join owners o on o.user_id = g.user_id
    union all
    select 'show' as side, s.id, o.role from show_profiles s join owners o on o.user_id = s.user_id
  `.execute(db);
  const scope: ViewerScope = { guestIds: [], showIds: [], roles: new Map() };
  for (const row of rows) {
    const key = `${row.side}:${row.id}`;
    const known = scope.roles.get(key);
    if (known === undefined) (row.side === 'guest' ? scope.guestIds : scope.showIds).push(row.id);
    if (known === undefined || RANK[row.role] > RANK[known]) scope.roles.set(key, row.role);
  }
  return scope;
}

/** `b.{column} = any(ids)`, false for none (one index scan per side). */
function among(column: 'guest_profile_id' | 'show_profile_id', ids: number[]) {
  return ids.length === 0
    ? sql<boolean>`false`
    : sql<boolean>`${sql.ref(`b.${column}`)} = any(${ids}::int[])`;
}

/** The bookings of the scope (bookings aliased `b`): either side's profile is one of its own. */
export function inScope(scope: ViewerScope) {
  return sql<boolean>`(${among('guest_profile_id', scope.guestIds)} or ${among('show_profile_id', scope.showIds)})`;
}

/** Booked by me: the initiating side's profile is one of the scope's; others: the other side's. */
export function bookedByIs(scope: ViewerScope, bookedBy: BookedBy) {
  const mine = sql<boolean>`((b.initiator = 'guest' and ${among('guest_profile_id', scope.guestIds)})
    or (b.initiator = 'show' and ${among('show_profile_id', scope.showIds)}))`;
  return bookedBy === 'me' ? mine : sql<boolean>`not ${mine}`;
}

/** The viewer's roles on a booking's two sides (null where they stand on neither). */
export function rolesOn(
  scope: ViewerScope,
  booking: { guest_profile_id: number; show_profile_id: number },
): SideRoles {
  return {
    guest: scope.roles.get(`guest:${booking.guest_profile_id}`) ?? null,
    show: scope.roles.get(`show:${booking.show_profile_id}`) ?? null,
  };
}

/** The side the viewer reads a listed booking from: the initiator's when it is theirs. */
export function listedSide(
  roles: SideRoles,
  initiator: ProfileSide,
): { side: ProfileSide; bookedBy: BookedBy } {
  if (roles[initiator] !== null) return { side: initiator, bookedBy: 'me' };
  return { side: initiator === 'guest' ? 'show' : 'guest', bookedBy: 'others' };
}
