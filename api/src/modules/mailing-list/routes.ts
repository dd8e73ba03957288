import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Email } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { subscribe } from './service';

export const SUBSCRIBED_MESSAGE = 'You are subscribed to the Guestspot newsletter.';

const Subscribe = Type.Object({ email: Email() });

/** POST /mailing-list {email}: the footer's sign-up. Signing up twice is not an error. */
export async function mailingListRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/mailing-list',
      { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { body: Subscribe } },
      async (request) => {
        await subscribe(app.db, request.body.email.trim());
        return { message: SUBSCRIBED_MESSAGE };
      },
    );
}
