import type { FastifyInstance } from 'fastify';
import type { CategoryList } from '../../contract';
import { Validator } from '../../http/validation';
import { listCategories } from './queries';

export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/categories', async (request): Promise<CategoryList> => {
    const input = new Validator(request.query);
    const exclude = input.oneOf('exclude', ['subcategories']);
    input.throwIfInvalid();
    const data = await listCategories(app.db, { topLevelOnly: exclude === 'subcategories' });
    return { success: true, data };
  });
}
