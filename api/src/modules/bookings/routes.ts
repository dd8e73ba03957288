import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { pageOf, paginated } from '../../http/pagination';
import { List, OneOf, PageQuery } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { BOOKING_STATUSES, listViewerBookings } from './queries';

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

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const options = { preValidation: authenticated, schema: { querystring: BookingListQuery } };
  app.withTypeProvider<TypeBoxTypeProvider>().get('/bookings', options, async (request) => {
    const viewer = await requireUser(request);
    const page = pageOf(request.query, BOOKINGS_PER_PAGE);
    const statuses = request.query.filter?.status;

    const { rows, total } = await listViewerBookings(app.db, viewer.id, {
      page,
      ...(statuses ? { statuses } : {}),
    });
    return paginated(rows, total, page);
  });
}
