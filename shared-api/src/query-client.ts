import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

/**
 * The one server-state cache of the site. shared-api is a Module Federation singleton, so the
 * shell and every remote read and invalidate the same cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Answers the server gave on purpose (4xx) are not worth asking again.
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});

/** Query keys in one place, so that every remote invalidates the same entries. */
export const queryKeys = {
  currentUser: ['users', 'me'] as const,
  guests: (params: object) => ['guests', params] as const,
  shows: (params: object) => ['shows', params] as const,
  categories: ['categories'] as const,
  showTypes: ['show-types'] as const,
  bookings: (params: object) => ['bookings', params] as const,
  miniviews: (params: object) => ['miniviews', params] as const,
  billingConfig: ['billing', 'config'] as const,
  plans: ['billing', 'plans'] as const,
  paymentMethods: ['billing', 'payment-methods'] as const,
  subscription: ['billing', 'subscription'] as const,
  invoices: ['billing', 'invoices'] as const,
  coupon: (code: string) => ['billing', 'coupons', code] as const,
  payoutAccount: ['payouts', 'account'] as const,
  payoutCountries: ['payouts', 'countries'] as const,
  geolocation: ['geolocation'] as const,
  integrations: ['integrations'] as const,
  integration: (id: number) => ['integrations', id] as const,
  teamMembers: ['team', 'members'] as const,
  teamInvitations: ['team', 'invitations'] as const,
  home: (type: string) => ['home', type] as const,
  homeSection: (params: object) => ['home', 'section', params] as const,
  priceStats: (type: string) => ['price-stats', type] as const,
  tags: (scope: string) => ['tags', scope] as const,
  smartlist: ['smartlist'] as const,
  smartlistGroups: ['smartlist', 'groups'] as const,
  profile: (type: string, idOrSlug: string | number) =>
    ['profile', type, String(idOrSlug)] as const,
  reviews: (type: string, id: number, page: number) => ['reviews', type, id, page] as const,
  connectCandidates: (type: string) => ['connect-candidates', type] as const,
  contentPage: (slug: string) => ['pages', slug] as const,
};
