import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FavoriteToggle } from '../../contract';
import { notFound } from '../../http/errors';
import { IdParam, NoBody, OneOf } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import {
  addItem,
  findLinkedItem,
  findPublicProfile,
  isFavourite,
  removeFavorite,
} from '../smartlist/service';
import type { ProfileSide } from '../../booking-facts';

const TYPES = { guests: 'guest', shows: 'show' } as const satisfies Record<string, ProfileSide>;

/** An unknown type or a malformed id is 404 (after 401 for a visitor). */
const FavoriteParams = Type.Object({ type: OneOf(['guests', 'shows']), id: IdParam() });

/**
 * PUT /favorites/{guests|shows}/{id}: flips the caller's favourite. Favourites are wishlist
 * entries (decision 047): favouriting adds an ungrouped entry linked to the profile (the
 * standard account's limit applies: 426 'You reached the limit of 10 people'), unfavouriting
 * removes it. Only public profiles can be favourited; one already favourited can always be
 * unfavourited (its owner may have paused since).
 */
export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .put(
      '/favorites/:type/:id',
      { preValidation: authenticated, schema: { params: FavoriteParams, body: NoBody } },
      async (request): Promise<FavoriteToggle> => {
        const user = await requireUser(request);
        const type = TYPES[request.params.type];
        const id = Number(request.params.id);

        const favourite = await isFavourite(app.db, user.id, type, id);
        const linked = await findLinkedItem(app.db, user.id, type, id);
        if (favourite || linked !== null) {
          await removeFavorite(app.db, user.id, type, id);
          return { is_favorited: false };
        }

        const profile = await findPublicProfile(app.db, type, id);
        if (!profile) throw notFound();
        await addItem(app.db, user, {
          type,
          name: profile.name.slice(0, 255),
          domain: null,
          emails: [],
          phone: null,
          notes: [],
          groupId: null,
          profileId: profile.id,
        });
        return { is_favorited: true };
      },
    );
}
