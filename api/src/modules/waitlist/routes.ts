import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { Validator } from '../../http/validation';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { enforceRateLimit, rateLimitKey, type RateLimit } from '../auth/rate-limit';
import { optionalUser } from '../auth/require-user';
import { findPublicProfileOwner, profilePath } from '../profiles/owner';

export const WAITLIST_MESSAGE = "You've beed added to the waitlist.";
export const WAITLIST_SOURCES = ['app'] as const;
/**
 * Joins per IP address (decision 057): visitors may join and each new address emails the
 * profile owner, so a script could otherwise mail owners without end.
 */
export const WAITLIST_IP_LIMIT: RateLimit = { max: 10, windowSeconds: 60 * 60 };

/**
 * POST /join-waitlist {email, source 'app', profile_id?, profile_type?}: the no-booking-options
 * dialog's OK. Joining twice is not an error. When it names a profile, the owner is told (once
 * per address) that someone wants to book them (decision 045). 10 joins per IP an hour (429).
 */
export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  app.post('/join-waitlist', OPEN_TO_UNFINISHED_ACCOUNTS, async (request) => {
    const user = await optionalUser(request);
    const input = new Validator(request.body);
    const email = input.string('email', { required: true, email: true, max: 255 })?.trim();
    const source = input.oneOf('source', WAITLIST_SOURCES);
    if (!input.has('source')) input.fail('source', 'The source field is required.');
    const profileId = input.integer('profile_id', { min: 1, max: 2_147_483_647 });
    const profileType = input.oneOf('profile_type', ['guest', 'show'] as const);
    if ((profileId === undefined) !== (profileType === undefined) && input.valid) {
      input.fail(
        profileId === undefined ? 'profile_id' : 'profile_type',
        'The profile id and profile type fields go together.',
      );
    }
    input.throwIfInvalid();
    if (!email || !source) throw notFound();
    await enforceRateLimit(
      app.db,
      rateLimitKey('waitlist-ip', request.ip),
      WAITLIST_IP_LIMIT,
      (wait) =>
        `Too many waitlist requests from your network. Please try again in ${wait} seconds.`,
    );

    const profile =
      profileId !== undefined && profileType !== undefined
        ? await findPublicProfileOwner(app.db, profileType, profileId)
        : null;
    if (profileId !== undefined && !profile) throw notFound();

    const inserted = await app.db
      .insertInto('waitlist_entries')
      .values({
        email,
        source,
        user_id: user?.id ?? null,
        ...(profile && profileType ? { profile_type: profileType, profile_id: profile.id } : {}),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();

    if (inserted && profile && profileType && profile.ownerId !== user?.id) {
      await app.mailer.send({
        to: profile.ownerEmail,
        subject: `Someone wants to book ${profile.name}`,
        text: [
          `Hi ${profile.ownerFirstName},`,
          '',
          `Someone tried to book ${profile.name} on Guestspot, but your profile has no booking options yet.`,
          `Add booking options so they can book you: ${app.config.appUrl}/dashboard`,
          "We'll let them know when your availability opens up.",
          '',
          `Your profile: ${app.config.appUrl}${profilePath(profileType, profile.slug)}`,
        ].join('\n'),
      });
    }
    return { message: WAITLIST_MESSAGE };
  });
}
