import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  BOOKED_BY,
  BOOKING_SORTS,
  BOOKING_STATUS_FILTER_IDS,
  BOOKINGS_EXPORT_FILE,
  DEFAULT_BOOKING_SORT,
  MAX_AMOUNT_FILTER_CENTS,
} from '../../booking-list-facts';
import {
  BookingCalendarAnswerSchema,
  BookingCalendarQuerySchema,
  BookingStatsAnswerSchema,
  MONTH_PATTERN,
  SeeBookingsAnswerSchema,
} from '../../contract';
import { MESSAGE } from '../../contract/builders';
import { ValidationError } from '../../http/errors';
import { List, MAX_STRING, NoBody, OneOf, PageQuery, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { calendarOf } from './calendar-view';
import { bookingsCsv } from './export';
import type { BookingListFilters } from './list-query';
import { seeBookings } from './list-seen';
import { bookingStatsOf } from './stats';
import { PRIVATE_ANSWER } from '../../http/private-cache';

// The bookings list's tools (decision 117): GET /bookings' query (its route is routes.ts'),
// GET /bookings/stats, /calendar-view, /export and PATCH /bookings/see-bookings.

const PRICE_MESSAGE = `The filter.price field must be amounts in cents from 0 to ${MAX_AMOUNT_FILTER_CENTS}.`;

/** GET /bookings?page&limit&sort&filter[status|search|price|bookedBy|month] (spec §7). */
export const BookingListQuerySchema = Type.Object({
  ...PageQuery,
  sort: Type.Optional(OneOf(BOOKING_SORTS)),
  filter: Type.Optional(
    Type.Object(
      {
        // the spec's ids ('is_pending,is_accepted'); anything else is 'The selected … is invalid.'
        status: Type.Optional(List(OneOf(BOOKING_STATUS_FILTER_IDS))),
        search: Type.Optional(Str({ max: MAX_STRING })),
        // 'min' or 'min,max' in cents (the slider at its top sends no max: '$1,000+')
        price: Type.Optional(
          List(Type.String({ pattern: '^[0-9]{1,9}$', [MESSAGE]: PRICE_MESSAGE }), { max: 2 }),
        ),
        bookedBy: Type.Optional(OneOf(BOOKED_BY)),
        month: Type.Optional(
          Str({
            pattern: { regex: MONTH_PATTERN, message: 'The filter.month field must be YYYY-MM.' },
          }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
});
type BookingListQuery = Static<typeof BookingListQuerySchema>;

/** The filters and sort of a checked query; 422 for an amount range that is none. */
export function listRequestOf(query: BookingListQuery) {
  const filter = query.filter ?? {};
  const filters: BookingListFilters = {};
  if (filter.status) filters.statuses = filter.status;
  if (filter.search?.trim()) filters.search = filter.search.trim();
  if (filter.bookedBy) filters.bookedBy = filter.bookedBy;
  if (filter.month) filters.month = filter.month;
  if (filter.price) {
    const [min = 0, max] = filter.price.map(Number);
    const outside = (cents: number) => cents > MAX_AMOUNT_FILTER_CENTS;
    if (outside(min) || (max !== undefined && (outside(max) || max < min))) {
      throw ValidationError.single('filter.price', PRICE_MESSAGE);
    }
    filters.price = { min, max: max ?? null };
  }
  return { filters, sort: query.sort ?? DEFAULT_BOOKING_SORT };
}

export async function bookingListToolRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const statsOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { response: { 200: BookingStatsAnswerSchema } },
  };
  api.get('/bookings/stats', statsOptions, async (request) => {
    const viewer = await requireUser(request);
    return { data: await bookingStatsOf(app.db, viewer) };
  });

  const calendarOptions = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: {
      querystring: BookingCalendarQuerySchema,
      response: { 200: BookingCalendarAnswerSchema },
    },
  };
  api.get('/bookings/calendar-view', calendarOptions, async (request) => {
    const viewer = await requireUser(request);
    return calendarOf(app.db, viewer, request.query);
  });

  // Streamed: a batch of rows at a time (export.ts); a failure half-way cuts the download,
  // which the browser reports as the spec's export error.
  api.get('/bookings/export', { preValidation: authenticated }, async (request, reply) => {
    const viewer = await requireUser(request);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${BOOKINGS_EXPORT_FILE}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(bookingsCsv(app.db, viewer)));
  });

  const seeOptions = {
    preValidation: authenticated,
    schema: { body: Type.Optional(NoBody), response: { 200: SeeBookingsAnswerSchema } },
  };
  api.patch('/bookings/see-bookings', seeOptions, async (request) => {
    const viewer = await requireUser(request);
    return { data: { new_bookings_count: await seeBookings(app.db, viewer.id, app.config.now()) } };
  });
}
