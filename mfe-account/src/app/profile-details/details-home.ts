import type { User } from '@guestspot/shared-api';

/**
 * Where /details leads (booking-management spec, route table): the show profiles when the user
 * is a show, else the guest profile. A user has no type field: a user with shows and no guest
 * profile is a show (the wizard makes one or the other; both is a guest who also hosts).
 */
export function detailsHome(
  user: Pick<User, 'guest' | 'shows'>,
): '/details/show' | '/details/guest' {
  return user.guest === null && user.shows.length > 0 ? '/details/show' : '/details/guest';
}
