import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HttpError, notFound } from '../../http/errors';
import { Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { findPublicProfileOwner, profilePath } from '../profiles/owner';

export const INQUIRY_SENT_MESSAGE = 'Your request was successfully submitted.';
export const OWN_PROFILE_MESSAGE = 'You cannot inquire about your own profile.';
export const INQUIRY_THROTTLE_MESSAGE = 'Too many inquiries. Try again in an hour.';
/** Inquiries one user may send per hour (spam guard; decision 043). */
export const INQUIRIES_PER_HOUR = 10;

/** The Inquire form's mask, (###) ###-#### (spec §5, §9). */
const PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;

/**
 * POST /talent/inquire-profile {name, email, phone, message, profile_id, profile_type}: a
 * signed-in user's question to a public profile's owner, stored and emailed to the owner with
 * the sender's contact details (so the owner can answer directly).
 */
export async function inquiryRoutes(app: FastifyInstance): Promise<void> {
  app.post('/talent/inquire-profile', async (request, reply) => {
    const user = await requireUser(request);
    const input = new Validator(request.body);
    const name = input.string('name', { required: true, max: 100 })?.trim();
    const email = input.string('email', { required: true, email: true, max: 255 })?.trim();
    const phone = input.string('phone', { required: true, max: 20 })?.trim();
    if (phone !== undefined && !PHONE.test(phone)) {
      input.fail('phone', 'The phone field must match the format (###) ###-####.');
    }
    const message = input.string('message', { required: true, max: 5000 })?.trim();
    if (input.has('message') && message === '') {
      input.fail('message', 'The message field is required.');
    }
    const profileId = input.integer('profile_id', { required: true, min: 1, max: 2_147_483_647 });
    const profileType = input.oneOf('profile_type', ['guest', 'show'] as const);
    if (!input.has('profile_type'))
      input.fail('profile_type', 'The profile type field is required.');
    input.throwIfInvalid();
    if (!name || !email || !phone || !message || profileId === undefined || !profileType) {
      throw new HttpError(422, 'The given data was invalid.');
    }

    const profile = await findPublicProfileOwner(app.db, profileType, profileId);
    if (!profile) throw notFound();
    if (profile.ownerId === user.id) throw new HttpError(403, OWN_PROFILE_MESSAGE);

    const recent = await app.db
      .selectFrom('inquiries')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', user.id)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (recent.count >= INQUIRIES_PER_HOUR) throw new HttpError(429, INQUIRY_THROTTLE_MESSAGE);

    await app.db
      .insertInto('inquiries')
      .values({
        user_id: user.id,
        profile_type: profileType,
        profile_id: profile.id,
        name,
        email,
        phone,
        message,
      })
      .execute();

    const link = `${app.config.appUrl}${profilePath(profileType, profile.slug)}`;
    await app.mailer.send({
      to: profile.ownerEmail,
      subject: `New inquiry about ${profile.name}`,
      text: [
        `Hi ${profile.ownerFirstName},`,
        '',
        `${name} sent an inquiry about ${profile.name} on Guestspot:`,
        '',
        message,
        '',
        `Email: ${email}`,
        `Phone: ${phone}`,
        '',
        `Your profile: ${link}`,
      ].join('\n'),
    });
    return reply.code(201).send({ message: INQUIRY_SENT_MESSAGE });
  });
}
