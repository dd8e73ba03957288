import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ValidationError, notFound } from '../../http/errors';
import { Email, Id, OneOf } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { enforceRateLimit, rateLimitKey, type RateLimit } from '../auth/rate-limit';
import { optionalUser } from '../auth/require-user';
import { findPublicProfileOwner, profilePath } from '../profiles/owner';
import { joinWaitlist } from './service';

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
const JoinWaitlist = Type.Object({
  email: Email(),
  source: OneOf(WAITLIST_SOURCES),
  profile_id: Type.Optional(Id()),
  profile_type: Type.Optional(OneOf(['guest', 'show'])),
});

export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const options = { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { body: JoinWaitlist } };
  api.post('/join-waitlist', options, async (request) => {
    const user = await optionalUser(request);
    const { source, profile_id: profileId, profile_type: profileType } = request.body;
    const email = request.body.email.trim();
    if ((profileId === undefined) !== (profileType === undefined)) {
      throw ValidationError.single(
        profileId === undefined ? 'profile_id' : 'profile_type',
        'The profile id and profile type fields go together.',
      );
    }
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

    const inserted = await joinWaitlist(app.db, {
      email,
      source,
      userId: user?.id ?? null,
      profile: profile && profileType ? { type: profileType, id: profile.id } : null,
    });

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
