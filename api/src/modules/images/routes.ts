import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../http/errors';
import { ID_DIGITS, OneOf } from '../../http/schema';
import { findSubject } from './queries';
import { drawPicture, type PictureStyle } from './svg';
import { IMAGE_KINDS, type ImageKind } from './urls';

const STYLE: Record<ImageKind, PictureStyle> = {
  guests: 'portrait',
  users: 'portrait',
  shows: 'show',
  'show-covers': 'cover',
  categories: 'category',
};

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
