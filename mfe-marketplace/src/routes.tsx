import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { ContentPage, ContentPageBySlug } from './features/content-pages/components/content-page';
import { HomePage } from './features/home/components/home-page';
import { ProfilePage } from './features/profile-page/components/profile-page';
import { TalentPage } from './features/talent/components/talent-page';
import { WishlistPage } from './features/wishlist/components/wishlist-page';

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };

/** Static pages whose content comes from GET /pages/{slug} (the slug is the path). */
const CONTENT_PATHS = ['about', 'contact', 'privacy-policy', 'cookie-policy', 'thanks', 'faq'];

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  ...CONTENT_PATHS.map((slug) => ({ path: `/${slug}`, element: <ContentPage slug={slug} /> })),
  { path: '/pages/:pageSlug', element: <ContentPageBySlug /> },
  { path: '/talent', element: <TalentPage /> },
  { path: '/wishlist', element: <WishlistPage />, handle: signedIn },
  { path: '/guests/:guestId', element: <ProfilePage type="guests" />, handle: everyone },
  { path: '/shows/:showId', element: <ProfilePage type="shows" />, handle: everyone },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: <ProfilePage type="guests" />, handle: everyone },
];
