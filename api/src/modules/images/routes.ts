import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/validation';
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

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { kind: string; file: string } }>(
    '/images/:kind/:file',
    async (request, reply) => {
      const kind = IMAGE_KINDS.find((known) => known === request.params.kind);
      const match = /^(\d{1,10})\.svg$/.exec(request.params.file);
      const id = match?.[1] ? parseId(match[1]) : null;
      if (!kind || id === null) throw notFound();
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
    },
  );
}
