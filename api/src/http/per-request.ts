import type { FastifyRequest } from 'fastify';

/**
 * `read`, asked once per request: later calls with the same request get the first answer (or
 * its error). For checks that a preValidation hook makes before the route's schema runs (who
 * may call: 401/403/404 come before 422) and that the handler asks again for the row it found.
 * Further arguments are passed to the first call only.
 */
export function oncePerRequest<A extends unknown[], T>(
  read: (request: FastifyRequest, ...args: A) => Promise<T>,
): (request: FastifyRequest, ...args: A) => Promise<T> {
  const results = new WeakMap<FastifyRequest, Promise<T>>();
  return (request, ...args) => {
    let result = results.get(request);
    if (!result) {
      result = read(request, ...args);
      results.set(request, result);
    }
    return result;
  };
}
