import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AuthUser } from '../../auth/require-user';
import { profilePath, type PublicProfileOwner } from '../owner';
import type { ProfileSide } from '../../../booking-facts';

/**
 * Records that `requester` would like to book `profile`: one row per requester and profile,
 * asking again refreshes it, and the owner is emailed at most once a day per requester
 * (decision 044). Whether the row is new.
 */
export async function requestAvailability(
  app: FastifyInstance,
  requester: AuthUser,
  type: ProfileSide,
  profile: PublicProfileOwner,
): Promise<{ created: boolean }> {
  const row = await app.db
    .insertInto('availability_requests')
    .values({ user_id: requester.id, profile_type: type, profile_id: profile.id })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'profile_type', 'profile_id'])
        .doUpdateSet({ requested_at: sql`now()` }),
    )
    .returning([
      'id',
      sql<boolean>`notified_at is null or notified_at < now() - interval '1 day'`.as('notify'),
      sql<boolean>`created_at = requested_at`.as('created'),
    ])
    .executeTakeFirstOrThrow();

  if (row.notify) {
    const name = [requester.first_name, requester.last_name].filter(Boolean).join(' ');
    await app.mailer.send({
      to: profile.ownerEmail,
      subject: `${name} would like to book ${profile.name}`,
      text: [
        `Hi ${profile.ownerFirstName},`,
        '',
        `${name} (${requester.email}) would like to book ${profile.name} on Guestspot and asked you to open your availability.`,
        `Add or update your booking options and availability: ${app.config.appUrl}/dashboard`,
        '',
        `Your profile: ${app.config.appUrl}${profilePath(type, profile.slug)}`,
      ].join('\n'),
    });
    await app.db
      .updateTable('availability_requests')
      .set({ notified_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
  }
  return { created: row.created };
}
