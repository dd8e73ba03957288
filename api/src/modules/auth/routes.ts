import type { FastifyInstance } from 'fastify';
import { Validator } from '../../http/validation';
import { loadUser } from '../users/queries';
import { setCsrfCookie } from './csrf';
import { attemptLogin } from './service';
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  sessionToken,
  setSessionCookie,
} from './sessions';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/auth/login', async (request, reply) => {
    const input = new Validator(request.body);
    const email = input.string('email', { required: true, email: true, max: 255 });
    const password = input.string('password', { required: true, max: 1024 });
    const remember = input.boolean('remember_me') ?? false;
    const device = input.string('device', { max: 255 }) ?? null;
    input.throwIfInvalid();

    const user = await attemptLogin(app.db, { email, password, ip: request.ip });

    // A new session id on every login; the one the browser had (if any) ends here.
    const previous = sessionToken(request);
    if (previous) await deleteSession(app.db, previous);
    const token = await createSession(app.db, {
      userId: user.id,
      remember,
      device,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    setSessionCookie(reply, token, remember);
    setCsrfCookie(reply);
    return { data: await loadUser(app.db, user.id) };
  });

  app.post('/auth/logout', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(app.db, token);
    clearSessionCookie(reply);
    setCsrfCookie(reply);
    return reply.code(204).send();
  });
}
