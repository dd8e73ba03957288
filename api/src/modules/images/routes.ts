import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { ID_DIGITS, OneOf } from '../../http/schema';
import { colorFromId, drawPicture, type PictureStyle } from './svg';
import { IMAGE_KINDS, type ImageKind } from './urls';

const STYLE: Record<ImageKind, PictureStyle> = {
  guests: 'portrait',
  users: 'portrait',
  shows: 'show',
  'show-covers': 'cover',
  categories: 'category',
};

async function findSubject(db: DB, kind: ImageKind, id: number) {
  switch (kind) {
    case 'guests':
      return db
        .selectFrom('guest_profiles')
        .select(['name', 'color'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'shows':
    case 'show-covers':
      return db
        .selectFrom('show_profiles')
        .select(['name', 'color'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'categories':
      return db
        .selectFrom('categories')
        .select(['name', 'color'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'users': {
      const user = await db
        .selectFrom('users')
        .select(sql<string>`first_name || ' ' || last_name`.as('name'))
        .where('id', '=', id)
        .executeTakeFirst();
      return user && { name: user.name, color: colorFromId(id) };
    }
  }
}

/** `/images/{kind}/{id}.svg`; an unknown kind or a file that is not an int4 id is 404. */
const ImageParams = Type.Object({
  kind: OneOf(IMAGE_KINDS),
  file: Type.String({ maxLength: 14, pattern: `^${ID_DIGITS}\\.svg$` }),
});

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/images/:kind/:file', { schema: { params: ImageParams } }, async (request, reply) => {
      const { kind } = request.params;
      const id = Number(request.params.file.slice(0, -'.svg'.length));
      const subject = await findSubject(app.db, kind, id);
      if (!subject) throw notFound();

      const svg = drawPicture({
        style: STYLE[kind],
        id,
        name: subject.name,
        color: subject.color,
      });
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    });
}
