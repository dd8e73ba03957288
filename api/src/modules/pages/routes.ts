import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ContentPage } from '../../contract';
import { notFound } from '../../http/errors';
import { findPage } from './queries';
import { PUBLIC_ANSWER } from '../../http/public-cache';

/** Not a slug (any case, at most 100 characters): 404, the page cannot exist. */
const PageParams = Type.Object({
  slug: Type.String({ maxLength: 100, pattern: '^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$' }),
});

/** GET /pages/{slug}: a content page (about, contact, policies, FAQ...) as structured blocks. */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  const options = { config: PUBLIC_ANSWER, schema: { params: PageParams } };
  app.withTypeProvider<TypeBoxTypeProvider>().get('/pages/:slug', options, async (request) => {
    const slug = request.params.slug.toLowerCase();
    const page = await findPage(app.db, slug);
    if (!page) throw notFound();
    const data: ContentPage = {
      slug: page.slug,
      title: page.title,
      body: page.body,
      updated_at: page.updated_at.toISOString(),
    };
    return { data };
  });
}
