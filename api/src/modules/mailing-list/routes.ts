import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Validator } from '../../http/validation';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';

export const SUBSCRIBED_MESSAGE = 'You are subscribed to the Guestspot newsletter.';

/** POST /mailing-list {email}: the footer's sign-up. Signing up twice is not an error. */
export async function mailingListRoutes(app: FastifyInstance): Promise<void> {
  app.post('/mailing-list', OPEN_TO_UNFINISHED_ACCOUNTS, async (request) => {
    const input = new Validator(request.body);
    const email = input.string('email', { required: true, email: true, max: 255 });
    input.throwIfInvalid();
    await app.db
      .insertInto('mailing_list_subscribers')
      .values({ email: email.trim() })
      .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
      .execute();
    return { message: SUBSCRIBED_MESSAGE };
  });
}
