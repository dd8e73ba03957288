import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { BOOKING_STATUSES, BookingDetailAnswerSchema, BookingPageSchema } from '../../contract';
import { pageOf, paginated } from '../../http/pagination';
import { IdParam, List, OneOf, PageQuery } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { bookingDetailFor } from './detail';
import { listViewerBookings } from './queries';

// GET /bookings (the viewer's bookings, either side) and GET /bookings/{id} (the booking page).

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
}
