import type { FastifyInstance } from 'fastify';
import { isLoopbackAddress } from '../config';

/**
 * Makes every route of the calling plugin a development surface (decision 062): it answers only
 * callers on loopback; anyone else meets the same 404 as a route that does not exist. Register it
 * only when config.devSurfaces allows the surface at all.
 */
export function devSurfaceOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });
}
