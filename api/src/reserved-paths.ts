// The first path segments the site keeps for its own pages (issue 29 §5, decision 108): no
// profile slug may be one, or mfe-marketplace's single-segment catch-all `/:guestId` would show a
// profile where a page is (or will be), and the page would hide that profile. One list for the
// server and the browser (shared-api re-exports this file, so keep it free of imports and of
// anything server-only).

/**
 * Every first segment that a remote or the shell publishes today (a jest test in
 * shell/src/routing/in-app-links.test.ts fails when a published route's is missing), the spec's
 * pages still to come, and what the site's server answers itself.
 */
export const RESERVED_PATH_SEGMENTS = [
  // mfe-marketplace
  'about',
  'browse',
  'contact',
  'cookie-policy',
  'faq',
  'guest-availability',
  'guests',
  'pages',
  'privacy-policy',
  'shows',
  'talent',
  'thanks',
  'wishlist',
  // mfe-booking
  'booking',
  'bookings',
  // mfe-account
  'admin-settings',
  'check-email',
  'complete-account',
  'details',
  'google',
  'impersonate',
  'instagram',
  'login',
  'logout',
  'microsoft',
  'register',
  'register-pro',
  'reset-password',
  'settings',
  'stripe',
  'team-invitations',
  'terms-and-conditions',
  'tiktok',
  'twitter',
  'verify-email',
  'youtube',
  // mfe-miniview
  'miniviews',
  'miniviews-create',
  'user-miniviews',
  // the shell
  '403-forbidden',
  '404-not-found',
  'dashboard',
  // the spec's pages not built yet (booking management, payments, inbox, notifications)
  'messages',
  'notifications',
  'payments',
  // what the site's server passes to the API (shell/server/serve-static.mjs)
  'api',
  'sanctum',
] as const;

const reserved: ReadonlySet<string> = new Set(RESERVED_PATH_SEGMENTS);

/**
 * Whether a first path segment (or a profile slug) is one of the site's own. Routes match
 * without regard to case, so neither does this: `/Messages` is the page `/messages`.
 */
export function isReservedPathSegment(segment: string): boolean {
  return reserved.has(segment.toLowerCase());
}
