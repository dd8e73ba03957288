// The hand-kept part of the row types (decision 071): what the database cannot say about a
// column. `npm run db:types -w api` reads this file and the migrated database and writes
// schema.ts; everything else there (tables, columns, nullability, defaults, the values a CHECK
// (column IN (...)) allows) comes from the database.

/** A JSON column's contents (platform_stats). */
export interface PlatformStat {
  label: string;
  value: string;
}

/** Lines schema.ts needs for the JSON shapes below. */
export const SCHEMA_IMPORTS = [
  "import type { AvailabilityRule, GuestExperience, InterviewDuration, PageBlock, SocialMediaLinks } from '../contract';",
  "import type { PlatformStat } from './schema-overlay';",
];

/** What each jsonb column holds (table.column → TypeScript type); written as JSON strings. */
export const JSON_COLUMNS: Record<string, string> = {
  'booking_activities.payload': 'Record<string, unknown>',
  'bookings.proposed_dates': 'string[]',
  'bookings.pitch_fee_options': '{ fee_type: string; original_booking_fee: number }',
  'email_lookups.emails': 'string[]',
  'guest_availability_settings.interview_durations': 'InterviewDuration[]',
  'guest_availability_settings.rules': 'AvailabilityRule[]',
  'guest_profile_links.articles': 'string[]',
  'guest_profile_links.podcasts': 'string[]',
  'guest_profile_links.social_media': 'Partial<SocialMediaLinks>',
  'guest_profile_links.videos': 'string[]',
  'guest_profiles.experience': 'GuestExperience[]',
  'guest_profiles.questions': 'string[]',
  'guest_profiles.topics': 'string[]',
  'integrations.data': '{ available_calendars: { id: string; name: string }[] }',
  'integrations.params': '{ events_calendar: string | null; conflict_calendars: string[] }',
  'notifications.data': '{ message: string }',
  'pages.body': 'PageBlock[]',
  'show_profile_links.episodes': 'string[]',
  'show_profile_links.media_features': 'string[]',
  'show_profile_links.social_media': 'Partial<SocialMediaLinks>',
  'show_profiles.platform_stats': 'PlatformStat[]',
  'smartlist_items.emails': 'string[]',
  'user_events.payload': 'Record<string, number>',
};

/** Columns only triggers write (migrations 014, 021, 022, 049, 050): never in an insert or update. */
export const TRIGGER_COLUMNS = [
  'booking_payments.owner_user_id',
  'bookings.scheduling_link_at',
  'categories.guest_count',
  'categories.show_count',
  'guest_profiles.highest_price',
  'guest_profiles.lowest_price',
  'guest_profiles.reviews_count',
  'show_profiles.highest_price',
  'show_profiles.lowest_price',
  'show_profiles.reviews_count',
];

/**
 * Names for the value sets of CHECK (column IN (...)) constraints that code imports; the values
 * themselves come from the database, and every column listed must allow the same ones.
 */
export const NAMED_UNIONS: Record<string, string[]> = {
  AccountTypeColumn: ['users.account_type'],
  AuthTokenPurpose: ['auth_tokens.purpose'],
  BillingProviderColumn: ['billing_customers.provider', 'subscriptions.provider'],
  BookingStatusColumn: ['bookings.status'],
  IntegrationSlugColumn: ['integrations.slug'],
  OAuthPurposeColumn: ['oauth_states.purpose'],
  PayoutProviderColumn: ['payout_accounts.provider'],
  PlanColumn: ['subscriptions.plan'],
  ProfileTypeColumn: [
    'availability_requests.profile_type',
    'favorites.profile_type',
    'inquiries.profile_type',
    'profile_reputation.profile_type',
    'reviews.profile_type',
  ],
  SubscriptionStatusColumn: ['subscriptions.stripe_status'],
  TeamRoleColumn: ['team_invitations.role', 'team_members.role'],
  UserStatusColumn: ['users.status'],
};
