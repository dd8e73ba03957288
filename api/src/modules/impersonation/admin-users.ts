import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AdminUserSummary } from '../../contract';
import { adminOnly } from '../auth/require-user';
import { MAX_STRING, Str } from '../../http/schema';
import { searchUsers } from './service';

const AdminUserQuery = Type.Object({ search: Type.Optional(Str({ max: MAX_STRING })) });

/** GET /admin/users?search= — admins look a user up by id, email or name (e.g. to impersonate). */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const options = {
    // a visitor 401 and a non-admin 403 before anything about the query
    preValidation: adminOnly,
    schema: { querystring: AdminUserQuery },
  };
  app.withTypeProvider<TypeBoxTypeProvider>().get('/admin/users', options, async (request) => {
    const data: AdminUserSummary[] = await searchUsers(app.db, request.query.search?.trim() ?? '');
    return { data };
  });
}
