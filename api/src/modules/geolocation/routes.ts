import type { FastifyInstance } from 'fastify';
import type { Geolocation } from '../../contract';

/** GET /geolocation: the caller's country by IP ({status, countryCode}); public, never fails. */
export async function geolocationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/geolocation', async (request, reply): Promise<Geolocation> => {
    reply.header('cache-control', 'private, max-age=3600');
    return app.geolocation.locate(request.ip);
  });
}
