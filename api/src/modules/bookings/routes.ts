import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { BOOKINGS_PAGE_SIZE } from '../../booking-list-facts';
import {
  BookingActivitiesAnswerSchema,
  BookingActivitiesQuerySchema,
  BookingDetailAnswerSchema,
  BookingListPageSchema,
} from '../../contract';
import { pageOf, paginated } from '../../http/pagination';
import { IdParam } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { bookingForViewer, viewerSideOf } from './action-rules';
import { bookingDetailFor } from './detail';
import { listBookings } from './list-query';
import { BookingListQuerySchema, bookingListToolRoutes, listRequestOf } from './list-routes';
import { timelineFor } from './timeline';
import { PRIVATE_ANSWER } from '../../http/private-cache';

// GET /bookings (the viewer's bookings, either side), GET /bookings/{id} (the booking page) and
// GET /bookings/{id}/activities (its timeline, the activity feed's polled read).

const BookingParams = Type.Object({ booking: IdParam() });

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // The list's filters, sorts and row actions: list-query.ts (decision 117).
  const listOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { querystring: BookingListQuerySchema, response: { 200: BookingListPageSchema } },
  };
  api.get('/bookings', listOptions, async (request) => {
    const viewer = await requireUser(request);
    const page = pageOf(request.query, BOOKINGS_PAGE_SIZE);
    const { filters, sort } = listRequestOf(request.query);
    const now = app.config.now();
    const { rows, total } = await listBookings(app.db, viewer, { page, sort, filters }, now);
    return paginated(rows, total, page);
  });
  // Static paths (stats, calendar-view, export, see-bookings) win over /bookings/:booking.
  await bookingListToolRoutes(app);

  // Either side's owners and their team members (Basic ones too) read it; anyone else: 404.
  const detailOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { params: BookingParams, response: { 200: BookingDetailAnswerSchema } },
  };
  api.get('/bookings/:booking', detailOptions, async (request) => {
    const viewer = await requireUser(request);
    const id = Number(request.params.booking);
    return { data: await bookingDetailFor(app.db, viewer, id, app.config.now()) };
  });

  // The activity feed (booking-management… §2): the page's timeline, newest first unless
  // sort=asc; read by whoever may read the booking.
  const activitiesOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: {
      params: BookingParams,
      querystring: BookingActivitiesQuerySchema,
      response: { 200: BookingActivitiesAnswerSchema },
    },
  };
  api.get('/bookings/:booking/activities', activitiesOptions, async (request) => {
    const viewer = await requireUser(request);
    const { booking, roles } = await bookingForViewer(
      app.db,
      viewer,
      Number(request.params.booking),
    );
    const side = viewerSideOf(booking, roles);
    const order = request.query.sort ?? 'desc';
    return { data: await timelineFor(app.db, booking, side, app.config.now(), order) };
  });
}
