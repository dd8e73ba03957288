import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { VERIFY_EMAIL_FIRST } from '../auth/account-setup-guard';
import type { AuthUser } from '../auth/require-user';
import { cancelSubscription, liveSubscription, resumeSubscription } from '../billing/service';
import { setProfilesPublic } from '../profiles/write';

export const OWNER_ONLY = 'Only the account owner can change the account status.';
export const ACCOUNT_PAUSED = 'Account paused!';
export const ACCOUNT_RESUMED = 'Account resumed!';
export const ACCOUNT_DELETED = 'Your account was deleted.';

type Trx = Transaction<Database>;

/**
 * Pause (spec §4): the account's profiles become private (out of every list, search, count and
 * detail page for others, and not bookable: bookings/bookable.ts), and a renewing Pro
 * subscription is cancelled at the end of its period (ends_at kept, Pro until then). Pausing a
 * paused account changes nothing.
 */
export async function pauseAccount(app: FastifyInstance, user: AuthUser): Promise<void> {
  if (user.status === 'paused') return;
  // (The account-setup guard already refuses a pending account: decision 066.)
  if (user.status !== 'active') throw ValidationError.single('email', VERIFY_EMAIL_FIRST);

  // The payment provider first: if it fails nothing has changed and the user can try again.
  const subscription = await liveSubscription(app, user.id);
  const cancelled = subscription !== null && subscription.ends_at === null;
  if (cancelled) await cancelSubscription(app, user);

  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        status: 'paused',
        paused_at: sql<Date>`now()`,
        pause_cancelled_subscription: cancelled,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', user.id)
      .execute();
    await setProfilesPublic(trx, user.id, false);
  });
}

/**
 * Resume: profiles public again (once the email address is verified), and the Pro subscription that pausing cancelled resumes if it
 * has not expired yet. The account is active again (pending if its email address changed while
 * paused and is not verified yet). Resuming an account that is not paused changes nothing.
 */
export async function resumeAccount(app: FastifyInstance, user: AuthUser): Promise<void> {
  if (user.status !== 'paused') return;
  const row = await app.db
    .selectFrom('users')
    .select(['pause_cancelled_subscription', 'email_verified_at'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();

  // resumeSubscription syncs first: an expired one has become 'canceled' and is left alone.
  if (row.pause_cancelled_subscription) await resumeSubscription(app, user);

  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        status: row.email_verified_at === null ? 'pending' : 'active',
        paused_at: null,
        pause_cancelled_subscription: false,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', user.id)
      .execute();
    // An unverified address keeps them private: verifying it lists them (decision 066).
    if (row.email_verified_at !== null) await setProfilesPublic(trx, user.id, true);
  });
}

/** Profiles of the user that appear in bookings with someone else (that person's history). */
async function profilesOthersBooked(trx: Trx, userId: number) {
  const guests = await trx
    .selectFrom('guest_profiles as g')
    .select('g.id')
    .where('g.user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bookings as b')
          .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
          .select('b.id')
          .whereRef('b.guest_profile_id', '=', 'g.id')
          .where('s.user_id', '<>', userId),
      ),
    )
    .execute();
  const shows = await trx
    .selectFrom('show_profiles as s')
    .select('s.id')
    .where('s.user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bookings as b')
          .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
          .select('b.id')
          .whereRef('b.show_profile_id', '=', 's.id')
          .where('g.user_id', '<>', userId),
      ),
    )
    .execute();
  return { guestIds: guests.map((row) => row.id), showIds: shows.map((row) => row.id) };
}

/**
 * Delete (docs/decisions/028): in one transaction the account row goes, and with it (foreign
 * keys) its sessions, team, memberships, cards, subscription rows, uploads, favourites and
 * miniviews. Profiles that other people's bookings name are handed to a nameless placeholder
 * account first, private and stripped of personal text and images, so the other party keeps
 * their booking history. A renewing Pro subscription is cancelled with the provider first.
 */
export async function deleteAccount(app: FastifyInstance, user: AuthUser): Promise<void> {
  const subscription = await liveSubscription(app, user.id);
  if (subscription !== null && subscription.ends_at === null) await cancelSubscription(app, user);

  await app.db.transaction().execute(async (trx) => {
    const kept = await profilesOthersBooked(trx, user.id);
    if (kept.guestIds.length > 0 || kept.showIds.length > 0) {
      const placeholder = await trx
        .insertInto('users')
        .values({
          first_name: 'Deleted',
          last_name: 'account',
          email: `deleted-${randomBytes(12).toString('hex')}@deleted.invalid`,
          // Not a hash any password matches: this row can never sign in.
          password_hash: '!',
          status: 'paused',
          paused_at: sql<Date>`now()`,
          deleted_at: sql<Date>`now()`,
          email_notifications: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (kept.guestIds.length > 0) {
        await trx
          .updateTable('guest_profiles')
          .set({
            user_id: placeholder.id,
            is_public: false,
            bio: null,
            title: null,
            pronunciation: null,
            image_uuid: null,
            updated_at: sql<Date>`now()`,
          })
          .where('id', 'in', kept.guestIds)
          .execute();
        await trx
          .deleteFrom('guest_profile_links')
          .where('guest_profile_id', 'in', kept.guestIds)
          .execute();
      }
      if (kept.showIds.length > 0) {
        await trx
          .updateTable('show_profiles')
          .set({
            user_id: placeholder.id,
            is_public: false,
            description: null,
            image_uuid: null,
            cover_image_uuid: null,
            updated_at: sql<Date>`now()`,
          })
          .where('id', 'in', kept.showIds)
          .execute();
        await trx
          .deleteFrom('show_profile_links')
          .where('show_profile_id', 'in', kept.showIds)
          .execute();
      }
    }
    // Cascades: every row that belongs to the account, including all of its sessions (and any
    // session in which it was impersonating someone).
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
