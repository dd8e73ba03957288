import { matchRoutes } from 'react-router-dom';
import type { RemoteName } from '../federation/remotes';

type Owner = RemoteName | 'shell';

/**
 * Which app owns which path (shared/spec/README.md). The shell needs this table to know which
 * remote to load for a URL without loading any other; React Router's ranking decides between
 * overlapping patterns (/guests/:id/book/* is mfe-booking's, /guests/:id mfe-marketplace's).
 * A test checks that every route a remote exposes is claimed here for that remote.
 */
export const ownership: Record<Owner, string[]> = {
  shell: ['/dashboard', '/404-not-found', '/403-forbidden'],
  mfe_marketplace: [
    '/',
    '/browse',
    '/guests/:guestId',
    '/shows/:showId',
    '/talent',
    '/about',
    '/contact',
    '/privacy-policy',
    '/cookie-policy',
    '/thanks',
    '/faq',
    '/pages/:pageSlug',
    '/guest-availability/:guestId',
    '/guests/:guestId/create-review',
    '/shows/:showId/create-review',
    '/wishlist',
    '/:guestId',
  ],
  mfe_booking: [
    '/guests/:guestId/book/*',
    '/shows/:showId/book/*',
    '/booking/success',
    '/bookings/*',
    '/messages/*',
    '/payments/*',
  ],
  mfe_account: [
    '/login',
    '/login/:provider',
    '/logout',
    '/terms-and-conditions',
    '/register/*',
    '/register-pro',
    '/reset-password',
    '/reset-password/:token',
    '/complete-account/:token',
    '/verify-email',
    '/verify-email/thanks',
    '/check-email',
    '/impersonate',
    ...['stripe', 'google', 'microsoft', 'instagram', 'youtube', 'twitter', 'tiktok'].map(
      (provider) => `/${provider}/authorization`,
    ),
    '/team-invitations/:invitationId',
    '/settings/*',
    '/admin-settings/*',
    '/details/*',
  ],
  mfe_miniview: ['/miniviews-create/*', '/miniviews/:uuid/*', '/user-miniviews/*'],
};

const table = (Object.entries(ownership) as [Owner, string[]][]).flatMap(([owner, paths]) =>
  paths.map((path) => ({ path, owner })),
);

/** The app that owns a pathname, or null for an unknown path. */
export function ownerOf(pathname: string): Owner | null {
  const matches = matchRoutes(table, pathname);
  const match = matches?.[matches.length - 1];
  return match ? match.route.owner : null;
}
