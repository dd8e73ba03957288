import { sql } from 'kysely';
import type { Impersonator } from '../../contract';
import type { DB } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { AuthUser } from '../auth/require-user';

// Who may spend and move a booking's money (issue 28, decision 106). Spending an account's
// cards and store credit is billing, which the spec keeps for the account owner (account… §6):
// an agency member acting as the owner may book for free but not pay; a site admin doing support
// acts as the owner. Money changes hands only between accounts that are not one team: nobody
// books a profile of their own, of the one impersonating them, or of their team.

/** 403 while a non-admin impersonates and the booking would take card or store credit. */
export const OWNER_PAYS_MESSAGE = 'Only the account owner can pay for bookings.';
/** 403 when the booker profile is not the signed-in account's own. */
export const OWN_BOOKER_PROFILE_MESSAGE = 'You can only book with your own profiles.';
/** 422 on the booker profile field: the booked profile belongs to the booker's team. */
export const TEAM_PROFILE_MESSAGE = 'You cannot book a profile of your own team.';

/**
 * The booker profile is the caller's own: team members book for the owner by impersonating
 * (agency), never by naming the owner's profile from their own session (their card, the owner's
 * booking).
 */
export function refuseUnlessOwnBookerProfile(user: AuthUser, profileOwnerId: number): void {
  if (profileOwnerId !== user.id) throw new HttpError(403, OWN_BOOKER_PROFILE_MESSAGE);
}

/** A non-admin impersonator (agency) spends nothing of the owner's: no card, no store credit. */
export function refuseSpendingForOwner(
  impersonator: Impersonator | null,
  price: { cardAmount: number; creditApplied: number },
): void {
  if (!impersonator || impersonator.is_admin) return;
  if (price.cardAmount > 0 || price.creditApplied > 0) {
    throw new HttpError(403, OWNER_PAYS_MESSAGE);
  }
}

/**
 * Whether `bookedOwnerId` is one of the booker's own: the account itself, whoever impersonates
 * it, or anyone sharing a team with it (its team's members, the owner of a team it belongs to,
 * a fellow member).
 */
export async function isOwnOrTeamAccount(
  db: DB,
  bookerOwnerId: number,
  impersonator: Impersonator | null,
  bookedOwnerId: number,
): Promise<boolean> {
  if (bookedOwnerId === bookerOwnerId || bookedOwnerId === impersonator?.id) return true;
  const { rows } = await sql<{ related: boolean }>`
    SELECT EXISTS (
      SELECT 1
      FROM teams t
      LEFT JOIN team_members m ON m.team_id = t.id
      WHERE (t.owner_id = ${bookerOwnerId} AND m.user_id = ${bookedOwnerId})
         OR (t.owner_id = ${bookedOwnerId} AND m.user_id = ${bookerOwnerId})
         OR (m.user_id = ${bookerOwnerId} AND EXISTS (
               SELECT 1 FROM team_members o
               WHERE o.team_id = t.id AND o.user_id = ${bookedOwnerId}))
    ) AS related
  `.execute(db);
  return rows[0]?.related === true;
}
