import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  BookingMessageAnswerSchema,
  BookingMessageBodySchema,
  BookingMessagesAnswerSchema,
  BookingMessageUpdateSchema,
  ConversationsAnswerSchema,
  MessagesReadAnswerSchema,
  UnreadMessagesAnswerSchema,
} from '../../contract';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { IdParam, NoBody } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { bookingForViewer, viewerSideOf } from '../bookings/action-rules';
import { sessionImpersonator } from '../impersonation/service';
import { conversationsOf, unreadMessagesOf } from './inbox';
import { enforceMessageLimits } from './limits';
import { messageOfBooking, messagesOfBooking, toBookingMessage } from './queries';
import { markRead, sendMessage, updateMessage, type MessageWriter } from './service';
import { PRIVATE_ANSWER } from '../../http/private-cache';

// A booking's conversation and the inbox (booking-management… §2 "Messages inbox", §7
// "Messages and notifications"): GET/POST /bookings/{id}/messages, PUT …/messages/{messageId},
// PATCH …/messages/read, GET /users/{id}/all-messages and /users/{id}/unread-messages. Who may
// read and write a booking's messages is who may read the booking (either side's owners and
// their team members, Basic ones included; anyone else 404), writing for the side they read it
// as (action-rules.ts viewerSideOf).

/** A paused account writes nothing, as it takes no booking action (decision 111). */
export const PAUSED_WRITER_MESSAGE =
  'Your account is paused. Resume your account to send messages.';

const BookingParams = Type.Object({ booking: IdParam() });
const MessageParams = Type.Object({ booking: IdParam(), message: IdParam() });
const UserParams = Type.Object({ id: IdParam() });

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, now: app.config.now };

  /** The signed-in user and the side they read the booking as; 404 when it is not theirs. */
  async function reader(request: FastifyRequest, bookingId: number) {
    const user = await requireUser(request);
    const { booking, roles } = await bookingForViewer(app.db, user, bookingId);
    return { user, booking, side: viewerSideOf(booking, roles) };
  }

  /**
   * The writer of a message: not a paused account (403), someone on a side of the booking
   * (404), within the writing limits of whoever types (429).
   */
  async function writer(request: FastifyRequest, bookingId: number): Promise<MessageWriter> {
    const user = await requireUser(request);
    if (user.status === 'paused') throw new HttpError(403, PAUSED_WRITER_MESSAGE);
    const { side } = await reader(request, bookingId);
    const impersonator = await sessionImpersonator(request);
    const author = impersonator?.id ?? user.id;
    await enforceMessageLimits(app.db, author, app.config.bookingLimitScale);
    return { side, userId: user.id, impersonatorId: impersonator?.id ?? null };
  }

  /** The message as `side` reads it now. */
  async function answer(bookingId: number, messageId: number, side: MessageWriter['side']) {
    const row = await messageOfBooking(app.db, bookingId, messageId);
    if (!row) throw notFound();
    return { data: toBookingMessage(row, side) };
  }

  const listOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { params: BookingParams, response: { 200: BookingMessagesAnswerSchema } },
  };
  api.get('/bookings/:booking/messages', listOptions, async (request) => {
    const id = Number(request.params.booking);
    const { side } = await reader(request, id);
    const rows = await messagesOfBooking(app.db, id);
    return { data: rows.map((row) => toBookingMessage(row, side)) };
  });

  const sendOptions = {
    preValidation: authenticated,
    schema: {
      params: BookingParams,
      body: BookingMessageBodySchema,
      response: { 201: BookingMessageAnswerSchema },
    },
  };
  api.post('/bookings/:booking/messages', sendOptions, async (request, reply) => {
    const id = Number(request.params.booking);
    const by = await writer(request, id);
    const messageId = await sendMessage(deps, id, by, request.body.body);
    reply.code(201);
    return answer(id, messageId, by.side);
  });

  // The activity feed marks what it shows as read (booking-management… §2); idempotent.
  const readOptions = {
    preValidation: authenticated,
    schema: {
      params: BookingParams,
      body: Type.Optional(NoBody),
      response: { 200: MessagesReadAnswerSchema },
    },
  };
  api.patch('/bookings/:booking/messages/read', readOptions, async (request) => {
    const id = Number(request.params.booking);
    const { side } = await reader(request, id);
    // A site admin looking at an account for support leaves its unread messages unread.
    const impersonator = await sessionImpersonator(request);
    if (impersonator?.is_admin) return { data: { read: 0 } };
    return { data: { read: await markRead(deps, id, side) } };
  });

  const updateOptions = {
    preValidation: authenticated,
    schema: {
      params: MessageParams,
      body: BookingMessageUpdateSchema,
      response: { 200: BookingMessageAnswerSchema },
    },
  };
  api.put('/bookings/:booking/messages/:message', updateOptions, async (request) => {
    const id = Number(request.params.booking);
    const messageId = Number(request.params.message);
    const by = await writer(request, id);
    await updateMessage(deps, id, messageId, by.side, request.body);
    return answer(id, messageId, by.side);
  });

  /** GET /users/{id}/…: the signed-in user's own (while impersonating, the owner's); else 403. */
  async function ownUser(request: FastifyRequest, id: string) {
    const user = await requireUser(request);
    if (Number(id) !== user.id) throw forbidden();
    return user;
  }

  const inboxOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { params: UserParams, response: { 200: ConversationsAnswerSchema } },
  };
  api.get('/users/:id/all-messages', inboxOptions, async (request) => {
    const user = await ownUser(request, request.params.id);
    return { data: await conversationsOf(app.db, user.id) };
  });

  const unreadOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { params: UserParams, response: { 200: UnreadMessagesAnswerSchema } },
  };
  api.get('/users/:id/unread-messages', unreadOptions, async (request) => {
    const user = await ownUser(request, request.params.id);
    return { data: await unreadMessagesOf(app.db, user.id) };
  });
}
