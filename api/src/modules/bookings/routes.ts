import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  BOOKING_STATUSES,
  BookingActivitiesAnswerSchema,
  BookingActivitiesQuerySchema,
  BookingDetailAnswerSchema,
  BookingPageSchema,
} from '../../contract';
import { pageOf, paginated } from '../../http/pagination';
import { IdParam, List, OneOf, PageQuery } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { bookingForViewer, viewerSideOf } from './action-rules';
import { bookingDetailFor } from './detail';
import { listViewerBookings } from './queries';
import { timelineFor } from './timeline';

// GET /bookings (the viewer's bookings, either side), GET /bookings/{id} (the booking page) and
// GET /bookings/{id}/activities (its timeline, the activity feed's polled read).

export const BOOKINGS_PER_PAGE = 10;

const BookingListQuery = Type.Object({
  ...PageQuery,
  filter: Type.Optional(
    Type.Object(
      // 'The selected filter.status is invalid.' for any status not in the list
      { status: Type.Optional(List(OneOf(BOOKING_STATUSES))) },
      { additionalProperties: false },
    ),
  ),
});

const BookingParams = Type.Object({ booking: IdParam() });

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const listOptions = {
    preValidation: authenticated,
    schema: { querystring: BookingListQuery, response: { 200: BookingPageSchema } },
  };
  api.get('/bookings', listOptions, async (request) => {
    const viewer = await requireUser(request);
    const page = pageOf(request.query, BOOKINGS_PER_PAGE);
    const statuses = request.query.filter?.status;

    const { rows, total } = await listViewerBookings(app.db, viewer.id, {
      page,
      ...(statuses ? { statuses } : {}),
    });
    return paginated(rows, total, page);
  });

  // Either side's owners and their team members (Basic ones too) read it; anyone else: 404.
  const detailOptions = {
    preValidation: authenticated,
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
