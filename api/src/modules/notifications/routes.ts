import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  NotificationAnswerSchema,
  NotificationsAnswerSchema,
  NotificationUpdateSchema,
} from '../../contract';
import { IdParam } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { markNotification, unreadNotificationsOf } from './queries';
import { PRIVATE_ANSWER } from '../../http/private-cache';

// GET /notifications (the strip: the reader's unread ones, newest first) and
// PATCH /notifications/{id} (dismissed, or unread again when the strip reverts a failed mark).

const NotificationParams = Type.Object({ notification: IdParam() });

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const listOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { response: { 200: NotificationsAnswerSchema } },
  };
  api.get('/notifications', listOptions, async (request) => {
    const user = await requireUser(request);
    return { data: await unreadNotificationsOf(app.db, user.id) };
  });

  // Someone else's notification, or none: 404.
  const updateOptions = {
    preValidation: authenticated,
    schema: {
      params: NotificationParams,
      body: NotificationUpdateSchema,
      response: { 200: NotificationAnswerSchema },
    },
  };
  api.patch('/notifications/:notification', updateOptions, async (request) => {
    const user = await requireUser(request);
    const id = Number(request.params.notification);
    const read = request.body.read ?? true;
    return { data: await markNotification(app.db, user.id, id, read) };
  });
}
