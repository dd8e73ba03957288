import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { CategoryList } from '../../contract';
import { OneOf } from '../../http/schema';
import { listCategories } from './queries';
import { PUBLIC_ANSWER } from '../../http/public-cache';

const CategoryQuery = Type.Object({ exclude: Type.Optional(OneOf(['subcategories'])) });

export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/categories',
    { config: PUBLIC_ANSWER, schema: { querystring: CategoryQuery } },
    async (request): Promise<CategoryList> => {
      const { exclude } = request.query;
      const data = await listCategories(app.db, { topLevelOnly: exclude === 'subcategories' });
      return { success: true, data };
    },
  );
}
