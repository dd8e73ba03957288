import { Navigate, useParams, type RouteObject } from 'react-router-dom';
import { routePaths, type RouteHandle } from '@guestspot/shared-api';
import { isReservedPathSegment } from '@guestspot/shared-api/reserved-paths';
import { lazyPage } from '@guestspot/shared-ui';
import { prefetchProfile } from './components/profile-query';
import { HomePage } from './features/home/components/home-page';

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };
const guestProfile: RouteHandle = {
  ...everyone,
  prefetch: ({ guestId }) => prefetchProfile('guests', guestId),
};
const showProfile: RouteHandle = {
  ...everyone,
  prefetch: ({ showId }) => prefetchProfile('shows', showId),
};

// The home page is the landing page and stays in this module; every other page is its own
// chunk, so that the home page downloads none of their code (decision 041).
const BrowsePage = lazyPage(() => import('./features/browse/components/browse-page'), 'BrowsePage');
const ProfilePage = lazyPage(
  () => import('./features/profile-page/components/profile-page'),
  'ProfilePage',
);
const WishlistPage = lazyPage(
  () => import('./features/wishlist/components/wishlist-page'),
  'WishlistPage',
);
const GuestAvailabilityPage = lazyPage(
  () => import('./features/guest-availability/components/guest-availability-page'),
  'GuestAvailabilityPage',
);
const TalentPage = lazyPage(() => import('./features/talent/components/talent-page'), 'TalentPage');
const CreateReviewPage = lazyPage(
  () => import('./features/create-review/components/create-review-page'),
  'CreateReviewPage',
);
const ContentPage = lazyPage(
  () => import('./features/content-pages/components/content-page'),
  'ContentPage',
);
const ContentPageBySlug = lazyPage(
  () => import('./features/content-pages/components/content-page'),
  'ContentPageBySlug',
);

/**
 * The single-segment catch-all: a guest by slug or id, but never one of the site's own paths
 * (reserved-paths, decision 108; no profile has such a slug). /messages before its remote ships is
 * the not-found page, not a profile lookup; once a remote publishes it, its static route wins in
 * the shell's ranking and this page is not reached. The shell does not send such a path here at
 * all (routing/ownership.ts); this covers the remote running alone and its own router.
 */
const GuestBySlugPage = Object.assign(
  function GuestBySlugPage() {
    const { guestId = '' } = useParams();
    if (isReservedPathSegment(guestId)) return <Navigate to={routePaths.notFound} replace />;
    return <ProfilePage type="guests" />;
  },
  // The profile page's chunk, for the build's list of what each path loads (decision 075).
  { preload: ProfilePage.preload },
);
const guestBySlug: RouteHandle = {
  ...everyone,
  prefetch: (params) => {
    if (!isReservedPathSegment(params.guestId ?? '')) guestProfile.prefetch?.(params);
  },
};

/** Static pages whose content comes from GET /pages/{slug} (the slug is the path). */
const CONTENT_PATHS = ['about', 'contact', 'privacy-policy', 'cookie-policy', 'thanks', 'faq'];

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage />, handle: everyone },
  { path: '/browse', element: <BrowsePage />, handle: everyone },
  ...CONTENT_PATHS.map((slug) => ({ path: `/${slug}`, element: <ContentPage slug={slug} /> })),
  { path: '/pages/:pageSlug', element: <ContentPageBySlug /> },
  { path: '/talent', element: <TalentPage /> },
  { path: '/guest-availability/:guestId', element: <GuestAvailabilityPage />, handle: everyone },
  { path: '/wishlist', element: <WishlistPage />, handle: signedIn },
  { path: '/guests/:guestId', element: <ProfilePage type="guests" />, handle: guestProfile },
  { path: '/shows/:showId', element: <ProfilePage type="shows" />, handle: showProfile },
  // Spec §2.1 "write review" (login): the completion email links here with ?booking= (decision 114).
  {
    path: '/guests/:guestId/create-review',
    element: <CreateReviewPage type="guests" />,
    handle: signedIn,
  },
  {
    path: '/shows/:showId/create-review',
    element: <CreateReviewPage type="shows" />,
    handle: signedIn,
  },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: <GuestBySlugPage />, handle: guestBySlug },
];
