import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  BookingReviewAnswerSchema,
  BookingReviewsAnswerSchema,
  ReviewBodySchema,
} from '../../contract';
import { IdParam } from '../../http/schema';
import type { ProfileSide } from '../../booking-facts';
import { authenticated, requireUser } from '../auth/require-user';
import { bookingReviews, createReview, updateReview } from './service';

// Reviews tied to bookings (booking-management… §7 Reviews; decision 114):
//   GET  /bookings/{id}/reviews                         the booking's two reviews, for its parties
//   POST /guests/{id}/reviews, /shows/{id}/reviews      the other side's review (201)
//   PUT  /guests/{id}/reviews/{review}, /shows/…        its edit
// The public list of a profile's reviews stays GET /{guests|shows}/{id}/reviews
// (profiles/reviews/routes.ts).

const BookingParams = Type.Object({ booking: IdParam() });

export async function bookingReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/bookings/:booking/reviews',
    {
      preValidation: authenticated,
      schema: { params: BookingParams, response: { 200: BookingReviewsAnswerSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: await bookingReviews(app.db, user, Number(request.params.booking)) };
    },
  );

  for (const side of ['guest', 'show'] as const satisfies readonly ProfileSide[]) {
    const base = `/${side}s/:profile/reviews`;

    api.post(
      base,
      {
        preValidation: authenticated,
        schema: {
          params: Type.Object({ profile: IdParam() }),
          body: ReviewBodySchema,
          response: { 201: BookingReviewAnswerSchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const review = await createReview(
          app.db,
          user,
          side,
          Number(request.params.profile),
          request.body,
          app.config.now(),
        );
        return reply.code(201).send({ data: review });
      },
    );

    api.put(
      `${base}/:review`,
      {
        preValidation: authenticated,
        schema: {
          params: Type.Object({ profile: IdParam(), review: IdParam() }),
          body: ReviewBodySchema,
          response: { 200: BookingReviewAnswerSchema },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        const review = await updateReview(
          app.db,
          user,
          side,
          Number(request.params.profile),
          Number(request.params.review),
          request.body,
          app.config.now(),
        );
        return { data: review };
      },
    );
  }
}
