import type { DB } from '../../db/database';
import type { ProfileSide } from '../../booking-facts';

export interface PublicProfileOwner {
  id: number;
  name: string;
  slug: string;
  ownerId: number;
  ownerEmail: string;
  ownerFirstName: string;
}

/**
 * A public guest or show profile with its owner's address, for the calls that notify an owner
 * (inquiry, availability request, waitlist). Paused owners' profiles are not public: null.
 */
export async function findPublicProfileOwner(
  db: DB,
  type: ProfileSide,
  id: number,
): Promise<PublicProfileOwner | null> {
  const columns = ['id', 'name', 'slug', 'user_id', 'is_public'] as const;
  const profile =
    type === 'guest'
      ? await db
          .selectFrom('guest_profiles')
          .select(columns)
          .where('id', '=', id)
          .executeTakeFirst()
      : await db
          .selectFrom('show_profiles')
          .select(columns)
          .where('id', '=', id)
          .executeTakeFirst();
  if (!profile || !profile.is_public) return null;
  const owner = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where('id', '=', profile.user_id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!owner) return null;
  const row: PublicProfileOwner = {
    id: profile.id,
    name: profile.name,
    slug: profile.slug,
    ownerId: owner.id,
    ownerEmail: owner.email,
    ownerFirstName: owner.first_name,
  };
  return row ?? null;
}

/** The profile's public page on the site. */
export function profilePath(type: ProfileSide, slug: string): string {
  return `/${type}s/${slug}`;
}
