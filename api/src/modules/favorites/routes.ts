import type { FastifyInstance } from 'fastify';
import type { FavoriteToggle } from '../../contract';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import {
  addItem,
  findLinkedItem,
  findPublicProfile,
  removeFavorite,
  type SmartlistType,
} from '../smartlist/service';

const TYPES: Record<string, SmartlistType> = { guests: 'guest', shows: 'show' };

/**
 * PUT /favorites/{guests|shows}/{id}: flips the caller's favourite. Favourites are wishlist
 * entries (decision 047): favouriting adds an ungrouped entry linked to the profile (the
 * standard account's limit applies: 426 'You reached the limit of 10 people'), unfavouriting
 * removes it. Only public profiles can be favourited; one already favourited can always be
 * unfavourited (its owner may have paused since).
 */
export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Params: { type: string; id: string } }>(
    '/favorites/:type/:id',
    async (request): Promise<FavoriteToggle> => {
      const user = await requireUser(request);
      const type = TYPES[request.params.type];
      const id = parseId(request.params.id);
      if (!type || id === null) throw notFound();

      const favourite = await app.db
        .selectFrom('favorites')
        .select('profile_id')
        .where('user_id', '=', user.id)
        .where('profile_type', '=', type)
        .where('profile_id', '=', id)
        .executeTakeFirst();
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
