import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, notFound } from '../../http/errors';
import { Email, Filled, Id, OneOf, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { findPublicProfileOwner, profilePath } from '../profiles/owner';
import { inquiriesInLastHour, saveInquiry } from './service';

export const INQUIRY_SENT_MESSAGE = 'Your request was successfully submitted.';
export const OWN_PROFILE_MESSAGE = 'You cannot inquire about your own profile.';
export const INQUIRY_THROTTLE_MESSAGE = 'Too many inquiries. Try again in an hour.';
/** Inquiries one user may send per hour (spam guard; decision 043). */
export const INQUIRIES_PER_HOUR = 10;

/** The Inquire form's mask, (###) ###-#### (spec §5, §9); the value is trimmed. */
const PHONE = '^\\s*\\(\\d{3}\\) \\d{3}-\\d{4}\\s*$';

const Inquiry = Type.Object({
  name: Filled({ max: 100 }),
  email: Email(),
  phone: Str({
    max: 20,
    pattern: { regex: PHONE, message: 'The phone field must match the format (###) ###-####.' },
  }),
  // blank after trimming is not given
  message: Filled({ max: 5000 }),
  profile_id: Id(),
  profile_type: OneOf(['guest', 'show']),
});

/**
 * POST /talent/inquire-profile {name, email, phone, message, profile_id, profile_type}: a
 * signed-in user's question to a public profile's owner, stored and emailed to the owner with
 * the sender's contact details (so the owner can answer directly).
 */
export async function inquiryRoutes(app: FastifyInstance): Promise<void> {
  const options = { preValidation: authenticated, schema: { body: Inquiry } };
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post('/talent/inquire-profile', options, async (request, reply) => {
      const user = await requireUser(request);
      const { profile_id: profileId, profile_type: profileType } = request.body;
      const name = request.body.name.trim();
      const email = request.body.email.trim();
      const phone = request.body.phone.trim();
      const message = request.body.message.trim();

      const profile = await findPublicProfileOwner(app.db, profileType, profileId);
      if (!profile) throw notFound();
      if (profile.ownerId === user.id) throw new HttpError(403, OWN_PROFILE_MESSAGE);

      if ((await inquiriesInLastHour(app.db, user.id)) >= INQUIRIES_PER_HOUR) {
        throw new HttpError(429, INQUIRY_THROTTLE_MESSAGE);
      }
      await saveInquiry(app.db, {
        user_id: user.id,
        profile_type: profileType,
        profile_id: profile.id,
        name,
        email,
        phone,
        message,
      });

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
