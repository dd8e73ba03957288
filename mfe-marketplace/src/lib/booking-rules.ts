import type {
  GuestProfile,
  OptionPrice,
  ProfileListType,
  ShowProfile,
  User,
} from '@guestspot/shared-api';

// The spec's §2.5 rules for a profile's booking actions, as pure functions.

/** Option slugs that are not a booking of their own (pitch has pitch_settings). */
export const NOT_BOOKABLE_SLUGS: readonly string[] = ['pitch', 'miniview'];

export interface BookableProfile {
  id: number;
  user_id: number;
  option_prices: OptionPrice[];
  /** `price`: cents the profile set for a pitch, null when none (the server prices a pitch) */
  pitch_settings: { is_enabled: boolean; price: number | null };
}

/** A guest or show as the booking rules read it (guests carry option_prices, shows prices). */
export function asBookable(
  profile: GuestProfile | ShowProfile,
): BookableProfile & Pick<GuestProfile, 'name' | 'slug' | 'is_favourited'> {
  const { id, user_id, name, slug, is_favourited, pitch_settings } = profile;
  const option_prices = 'option_prices' in profile ? profile.option_prices : profile.prices;
  return { id, user_id, name, slug, is_favourited, pitch_settings, option_prices };
}

/** The profile's option prices a booking can be made for (not pitch or miniview). */
export function bookableOptions(prices: OptionPrice[]): OptionPrice[] {
  return prices.filter((price) => !NOT_BOOKABLE_SLUGS.includes(price.slug));
}

export function isOwner(profile: Pick<BookableProfile, 'user_id'>, viewer: User | null): boolean {
  return viewer !== null && viewer.id === profile.user_id;
}

/**
 * Pitch is shown only when the viewer is not the owner, at least one booking option exists that
 * is not of slug pitch or miniview, and pitch_settings.is_enabled (spec §2.5). Visitors see it
 * too; pressing it opens the login dialog.
 */
export function canPitch(profile: BookableProfile, viewer: User | null): boolean {
  return (
    !isOwner(profile, viewer) &&
    bookableOptions(profile.option_prices).length > 0 &&
    profile.pitch_settings.is_enabled
  );
}

/** 'Request to Book' when the profile has no bookable option prices, else 'Book'. */
export function bookLabel(profile: BookableProfile): 'Book' | 'Request to Book' {
  return bookableOptions(profile.option_prices).length > 0 ? 'Book' : 'Request to Book';
}

/** The booking route's base (where visitors go after signing in). */
export function bookBasePath(type: ProfileListType, id: number): string {
  return `/${type}/${id}/book`;
}

export function pitchPath(type: ProfileListType, id: number): string {
  return `${bookBasePath(type, id)}/pitch`;
}

/**
 * Where Book leads a signed-in user: the options step of the cheapest bookable option. Booking a
 * guest is done as one of the viewer's shows, so a viewer with more than one show first goes to
 * the choose step (the base route). Null when there is no bookable option (the waitlist dialog).
 */
export function bookPath(
  type: ProfileListType,
  profile: BookableProfile,
  viewer: User | null,
): string | null {
  const options = bookableOptions(profile.option_prices);
  const cheapest = [...options].sort((a, b) => a.price - b.price)[0];
  if (!cheapest) return null;
  if (type === 'guests' && viewer !== null && viewer.shows.length > 1) {
    return bookBasePath(type, profile.id);
  }
  return `${bookBasePath(type, profile.id)}/options/${cheapest.booking_option_id}`;
}
