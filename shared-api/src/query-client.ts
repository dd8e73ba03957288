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
  /** A signed link's token, checked before its page shows (e.g. password reset). */
  linkToken: (type: string, token: string, email: string | null) =>
    ['auth', 'validate-token', type, token, email] as const,
  verifyEmail: (path: string) => ['auth', 'verify-email', path] as const,
  guests: (params: object) => ['guests', params] as const,
  guestAvailability: (guestId: number | undefined) => ['guests', guestId, 'availability'] as const,
  shows: (params: object) => ['shows', params] as const,
  categories: ['categories'] as const,
  showTypes: ['show-types'] as const,
  bookings: (params: object) => ['bookings', params] as const,
  /** The list's stats cards and its calendar month (decision 117); under allBookings. */
  bookingStats: ['bookings', 'stats'] as const,
  bookingCalendar: (from: string, to: string, bookedBy: string | null) =>
    ['bookings', 'calendar', from, to, bookedBy] as const,
  /** One booking's page (GET /bookings/{id}) and its timeline; under allBookings. */
  booking: (id: number) => ['bookings', 'detail', id] as const,
  bookingActivities: (id: number, sort: 'asc' | 'desc') =>
    ['bookings', 'detail', id, 'activities', sort] as const,
  /** A booking's conversation (issue 31). */
  bookingMessages: (id: number) => ['bookings', 'detail', id, 'messages'] as const,
  /** What a pitch's extra payment costs with that much store credit (decision 115). */
  extraPaymentQuote: (id: number, credit: number) =>
    ['bookings', 'detail', id, 'extra-payment-quote', credit] as const,
  /** The inbox's conversations and the unread figures: what a message or a read mark changes. */
  allMessages: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unreadMessages: ['messages', 'unread'] as const,
  /** The notifications strip. */
  notifications: ['notifications'] as const,
  /** every page and search of the MINIVIEW list */
  miniviewLists: ['miniviews', 'list'] as const,
  miniviews: (params: object) => ['miniviews', 'list', params] as const,
  miniview: (id: number) => ['miniviews', 'detail', id] as const,
  /** a MINIVIEW as the person answering it reads it, by its link's uuid */
  publicMiniview: (uuid: string) => ['miniviews', 'public', uuid] as const,
  /** Every billing entry below: what a change of plan or card invalidates. */
  billing: ['billing'] as const,
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
  /** The private calendar feed's status (decision 118). */
  calendarFeed: ['calendar-feed'] as const,
  integration: (id: number) => ['integrations', id] as const,
  /** The editor's own copy, apart from the view's, so that a draft is not refetched away. */
  integrationEdit: (id: number) => ['integrations', id, 'edit'] as const,
  teamMembers: ['team', 'members'] as const,
  teamInvitations: ['team', 'invitations'] as const,
  teamInvitation: (id: string | number, token: string) => ['team-invitation', id, token] as const,
  adminUserSearches: ['admin', 'users', 'search'] as const,
  adminUserSearch: (search: string) => ['admin', 'users', 'search', search] as const,
  adminUser: (id: number) => ['admin', 'users', id] as const,
  home: (type: string) => ['home', type] as const,
  homeSection: (params: object) => ['home', 'section', params] as const,
  priceStats: (type: string) => ['price-stats', type] as const,
  tags: (scope: string) => ['tags', scope] as const,
  /** Every wishlist entry below (items and groups of any user). */
  smartlist: ['smartlist'] as const,
  smartlistItems: (userId: number) => ['smartlist', userId] as const,
  smartlistGroups: (userId: number) => ['smartlist', 'groups', userId] as const,
  /** Every profile page: what a review (its rating) changes. */
  allProfiles: ['profile'] as const,
  profile: (type: string, idOrSlug: string | number) =>
    ['profile', type, String(idOrSlug)] as const,
  reviews: (type: string, id: number, page: number) => ['reviews', type, id, page] as const,
  /** Every public reviews list: what writing a review changes (with the profile, decision 114). */
  allReviews: ['reviews'] as const,
  /** A booking's two reviews (GET /bookings/{id}/reviews); under the booking's own key. */
  bookingReviews: (id: number) => ['bookings', 'detail', id, 'reviews'] as const,
  /** What a guest or show profile sets up to be booked (the /details editors, decision 089). */
  pitchSettings: (kind: 'guest' | 'show', profileId: number) =>
    ['profile-setup', kind, profileId, 'pitch-settings'] as const,
  bookingFlowPreferences: (kind: 'guest' | 'show', profileId: number) =>
    ['profile-setup', kind, profileId, 'booking-flow-preferences'] as const,
  /** One type's questions (booking or pitch) of a guest or show profile, in order. */
  bookingQuestions: (kind: 'guest' | 'show', profileId: number, type: 'booking' | 'pitch') =>
    ['profile-setup', kind, profileId, 'booking-questions', type] as const,
  upsellPackages: (kind: 'guest' | 'show', profileId: number) =>
    ['profile-setup', kind, profileId, 'upsell-packages'] as const,
  /** A profile's prices per booking option and interview duration (decision 095). */
  optionPrices: (kind: 'guest' | 'show', profileId: number) =>
    ['profile-setup', kind, profileId, 'option-prices'] as const,
  /** A guest's followers per platform; a show's stat slots and Rephonic id (decision 097). */
  profileReach: (guestId: number) => ['profile-setup', 'guest', guestId, 'profile-reach'] as const,
  showStats: (showId: number) => ['profile-setup', 'show', showId, 'profile-stats'] as const,
  /** A show's past guests (decision 098). */
  pastGuests: (showId: number) => ['profile-setup', 'show', showId, 'past-guests'] as const,
  /**
   * The /details editors' own copy of a profile (its GET, then each save's answer) and its
   * links (decision 096).
   */
  profileEditor: (kind: 'guest' | 'show', profileId: number) =>
    ['profile-editor', kind, profileId] as const,
  profileLinks: (kind: 'guest' | 'show', profileId: number) =>
    ['profile-editor', kind, profileId, 'links'] as const,
  /** Every bookings list and page: what a new booking invalidates. */
  allBookings: ['bookings'] as const,
  /** Every month of slots: what a time taken meanwhile (409) invalidates. */
  allAvailabilitySlots: ['booking-flow', 'slots'] as const,
  /** The booking flow (issue 17): a guest's free slots per month and viewer timezone. */
  availabilitySlots: (guestId: number, month: string, timezone: string, duration?: number) =>
    ['booking-flow', 'slots', guestId, month, timezone, duration ?? null] as const,
  bookingCode: (guestId: number, code: string) => ['booking-flow', 'code', guestId, code] as const,
  balance: ['balance'] as const,
  /** The payments page's month with its search, type, sort and page (decision 119). */
  payments: (params: object) => ['payments', params] as const,
  /** The server's price of a draft booking, keyed by every choice that changes it. */
  bookingQuote: (kind: 'guest' | 'show', profileId: number, choices: object) =>
    ['booking-flow', 'quote', kind, profileId, choices] as const,
  /** Booking money (decision 101): the option list, booking types, referral coupons. */
  bookingOptions: ['booking-options'] as const,
  bookingTypes: ['booking-type'] as const,
  referrerCoupons: ['billing', 'referrer-coupons'] as const,
  /** The booked profile with its options' icons and price ids (include=booking_options). */
  bookingProfile: (kind: 'guest' | 'show', profileId: number) =>
    ['booking-flow', 'profile', kind, profileId] as const,
  connectCandidates: (type: string) => ['connect-candidates', type] as const,
  contentPage: (slug: string) => ['pages', slug] as const,
};
