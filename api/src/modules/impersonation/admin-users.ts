import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AdminUserSummary } from '../../contract';
import { Validator } from '../../http/validation';
import { requireAdmin } from '../auth/require-user';

/** GET /admin/users?search= — admins look a user up by id, email or name (e.g. to impersonate). */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  app.get('/admin/users', async (request) => {
    await requireAdmin(request);
    const input = new Validator(request.query);
    const search = input.string('search', { max: 255 })?.trim() ?? '';
    input.throwIfInvalid();

    let query = app.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'is_admin', 'account_type'])
      // Placeholders left by deleted accounts (account-status/service.ts) are nobody to find.
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(10);
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const id = /^\d{1,9}$/.test(search) ? Number(search) : null;
      query = query.where((eb) =>
        eb.or([
          ...(id === null ? [] : [eb('id', '=', id)]),
          eb('email', 'ilike', like),
          eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like),
        ]),
      );
    }
    const data: AdminUserSummary[] = await query.execute();
    return { data };
  });
}
