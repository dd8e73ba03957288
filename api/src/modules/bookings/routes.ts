import type { FastifyInstance } from 'fastify';
import type { BookingStatus } from '../../contract';
import { paginated, readPage } from '../../http/pagination';
import { Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { BOOKING_STATUSES, listViewerBookings } from './queries';

export const BOOKINGS_PER_PAGE = 10;

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  app.get('/bookings', async (request) => {
    const viewer = await requireUser(request);
    const input = new Validator(request.query);
    const page = readPage(input, BOOKINGS_PER_PAGE);
    const filter = input.object('filter', ['status']);
    const statuses = filter.list('status');
    if (statuses?.some((status) => !(BOOKING_STATUSES as readonly string[]).includes(status))) {
      filter.fail('status', 'The selected filter.status is invalid.');
    }
    input.throwIfInvalid();

    const { rows, total } = await listViewerBookings(app.db, viewer.id, {
      page,
      ...(statuses ? { statuses: statuses as BookingStatus[] } : {}),
    });
    return paginated(rows, total, page);
  });
}
