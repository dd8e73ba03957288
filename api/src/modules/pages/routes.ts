import type { FastifyInstance } from 'fastify';
import type { ContentPage } from '../../contract';
import { notFound } from '../../http/errors';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** GET /pages/{slug}: a content page (about, contact, policies, FAQ...) as structured blocks. */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { slug: string } }>('/pages/:slug', async (request) => {
    const slug = request.params.slug.toLowerCase();
    if (slug.length > 100 || !SLUG.test(slug)) throw notFound();
    const page = await app.db
      .selectFrom('pages')
      .select(['slug', 'title', 'body', 'updated_at'])
      .where('slug', '=', slug)
      .executeTakeFirst();
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
