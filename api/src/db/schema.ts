import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AvailabilityRule,
  GuestExperience,
  InterviewDuration,
  PageBlock,
  SocialMediaLinks,
} from '../contract';

// Row types of the tables in migrations/*.sql. Keep them in step with the SQL.

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string, string>;

export type AccountTypeColumn = 'standard' | 'pro';
export type UserStatusColumn = 'active' | 'pending' | 'paused';
export type TeamRoleColumn = 'admin' | 'agency';
export type BookingStatusColumn =
  | 'pending'
  | 'accepted'
  | 'scheduled'
  | 'completed'
  | 'canceled'
  | 'expired'
  | 'rejected';

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  email_verified_at: NullableTimestamp;
  password_hash: string;
  phone: string | null;
  title: string | null;
  timezone: Generated<string>;
  image_uuid: string | null;
  email_notifications: Generated<boolean>;
  sms_notifications: Generated<boolean>;
  account_type: Generated<AccountTypeColumn>;
  status: Generated<UserStatusColumn>;
  is_admin: Generated<boolean>;
  referred_by: number | null;
  terms_accepted_at: NullableTimestamp;
  stripe_connect_id: string | null;
  paused_at: NullableTimestamp;
  pause_cancelled_subscription: Generated<boolean>;
  deleted_at: NullableTimestamp;
  /** migration 017: the code of the user's referral link */
  referral_code: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface TeamsTable {
  id: Generated<number>;
  owner_id: number;
  created_at: CreatedAt;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  role: TeamRoleColumn;
  email_notifications: Generated<boolean>;
  sms_notifications: Generated<boolean>;
  created_at: CreatedAt;
}

export interface TeamInvitationsTable {
  id: Generated<number>;
  team_id: number;
  email: string;
  role: TeamRoleColumn;
  created_at: CreatedAt;
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  invited_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  device: string | null;
  ip_address: string | null;
  user_agent: string | null;
  remember: Generated<boolean>;
  created_at: CreatedAt;
  last_used_at: CreatedAt;
  expires_at: Timestamp;
  impersonator_id: ColumnType<number | null, number | null | undefined, number | null>;
  login_confirmed_at: NullableTimestamp;
}

export interface LoginThrottlesTable {
  key: string;
  attempts: number;
  reset_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  color: Generated<string>;
  position: Generated<number>;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface BookingOptionsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  position: Generated<number>;
}

export interface ShowTypesTable {
  id: Generated<number>;
  name: string;
}

export interface GuestProfilesTable {
  id: Generated<number>;
  user_id: number;
  slug: string;
  name: string;
  title: string | null;
  bio: string | null;
  pronunciation: string | null;
  color: Generated<string>;
  image_uuid: string | null;
  // numeric comes back from pg as a string
  avg_rating: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  remove_branding: Generated<boolean>;
  featured: Generated<boolean>;
  premium: Generated<boolean>;
  talent: Generated<boolean>;
  is_public: Generated<boolean>;
  pitch_enabled: Generated<boolean>;
  pitch_price: number | null;
  experience: ColumnType<GuestExperience[], string | undefined, string>;
  topics: ColumnType<string[], string | undefined, string>;
  questions: ColumnType<string[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** cents: the lowest bookable option price, kept by triggers (migration 014) */
  lowest_price: ColumnType<number | null, never, never>;
  /** kept by triggers (migration 021): the dearest bookable option's price */
  highest_price: ColumnType<number | null, never, never>;
}

export interface PlatformStat {
  label: string;
  value: string;
}

export interface ShowProfilesTable {
  id: Generated<number>;
  user_id: number;
  slug: string;
  name: string;
  description: string | null;
  color: Generated<string>;
  image_uuid: string | null;
  cover_image_uuid: string | null;
  platform_type: string | null;
  platform_stats: ColumnType<PlatformStat[], string | undefined, string>;
  rephonic_id: string | null;
  remove_branding: Generated<boolean>;
  featured: Generated<boolean>;
  premium: Generated<boolean>;
  is_public: Generated<boolean>;
  pitch_enabled: Generated<boolean>;
  pitch_price: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** cents: the lowest bookable option price, kept by triggers (migration 014) */
  lowest_price: ColumnType<number | null, never, never>;
  /** kept by triggers (migration 021): the dearest bookable option's price */
  highest_price: ColumnType<number | null, never, never>;
}

export interface GuestProfileCategoriesTable {
  guest_profile_id: number;
  category_id: number;
}
export interface ShowProfileCategoriesTable {
  show_profile_id: number;
  category_id: number;
}
export interface GuestProfileTagsTable {
  guest_profile_id: number;
  tag_id: number;
}
export interface ShowProfileTagsTable {
  show_profile_id: number;
  tag_id: number;
}
export interface ShowProfileTypesTable {
  show_profile_id: number;
  show_type_id: number;
  /** the show's page on this platform type (migration 020) */
  url: string | null;
}

export interface GuestOptionPricesTable {
  id: Generated<number>;
  guest_profile_id: number;
  booking_option_id: number;
  interview_duration: number;
  price: number;
}

export interface ShowOptionPricesTable {
  id: Generated<number>;
  show_profile_id: number;
  booking_option_id: number;
  interview_duration: number;
  price: number;
}

export interface FavoritesTable {
  user_id: number;
  profile_type: 'guest' | 'show';
  profile_id: number;
  created_at: CreatedAt;
}

export interface BookingsTable {
  id: Generated<number>;
  guest_profile_id: number;
  show_profile_id: number;
  booking_option_id: number | null;
  initiator: 'guest' | 'show';
  status: Generated<BookingStatusColumn>;
  is_pitch: Generated<boolean>;
  price: Generated<number>;
  interview_duration: number | null;
  booking_date: NullableTimestamp;
  proposed_dates: Json<string[]>;
  message: string | null;
  guest_seen_at: NullableTimestamp;
  show_seen_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MiniviewsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  user_id: number;
  title: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MiniviewQuestionsTable {
  id: Generated<number>;
  miniview_id: number;
  position: Generated<number>;
  body: string;
  question_media_url: string | null;
  question_media_type: 'audio' | 'video' | null;
}

export interface MiniviewAnswerGroupsTable {
  id: Generated<number>;
  miniview_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface MiniviewAnswersTable {
  id: Generated<number>;
  answer_group_id: number;
  question_id: number;
  url: string;
  type: 'audio' | 'video';
  created_at: CreatedAt;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface MailingListSubscribersTable {
  id: Generated<number>;
  email: string;
  source: Generated<string>;
  created_at: CreatedAt;
}

export type AuthTokenPurpose = 'verify-email' | 'reset-password' | 'complete-account';

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: AuthTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: CreatedAt;
}

export type OAuthPurposeColumn = 'login' | 'confirm' | 'link';

export interface OAuthStatesTable {
  id: Generated<number>;
  state_hash: string;
  purpose: OAuthPurposeColumn;
  provider: string;
  user_id: number | null;
  session_id: string | null;
  return_to: string | null;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  code_verifier: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  email: string | null;
  created_at: CreatedAt;
}

export interface OAuthConnectionsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  account_name: string | null;
  account_email: string | null;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UploadsTable {
  uuid: string;
  user_id: number;
  kind: 'image' | 'video';
  mime_type: string;
  file_name: string;
  size: number;
  entity: string | null;
  content: Buffer;
  created_at: CreatedAt;
}

// Profile links and availability (migration 008).

export interface GuestProfileLinksTable {
  guest_profile_id: number;
  social_media: Json<Partial<SocialMediaLinks>>;
  podcasts: Json<string[]>;
  videos: Json<string[]>;
  articles: Json<string[]>;
  updated_at: CreatedAt;
}

export interface ShowProfileLinksTable {
  show_profile_id: number;
  social_media: Json<Partial<SocialMediaLinks>>;
  episodes: Json<string[]>;
  media_features: Json<string[]>;
  updated_at: CreatedAt;
}

export interface GuestAvailabilitySettingsTable {
  guest_profile_id: number;
  interview_durations: Json<InterviewDuration[]>;
  type: 'unlimited' | 'rolling' | 'date_range';
  rolling_days: number;
  // read through to_char() as 'YYYY-MM-DD' (a pg date would become a local-midnight Date)
  start_date: ColumnType<Date | null, string | null, string | null>;
  end_date: ColumnType<Date | null, string | null, string | null>;
  max_interviews_per_day: number | null;
  max_interviews_per_month: number | null;
  minimum_notice: number;
  buffer_before: number;
  buffer_after: number;
  spot_increments: number;
  timezone: string;
  rules: Json<AvailabilityRule[]>;
  updated_at: CreatedAt;
}

// Billing (009_billing.sql)
export type BillingProviderColumn = 'local' | 'stripe';
export type SubscriptionStatusColumn =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete';
export type PlanColumn = 'monthly' | 'yearly';

export interface BillingCustomersTable {
  user_id: number;
  provider: BillingProviderColumn;
  customer_id: string;
  created_at: CreatedAt;
}

export interface LocalSetupIntentsTable {
  id: string;
  user_id: number;
  client_secret_hash: string;
  usage: Generated<'off_session' | 'on_session'>;
  status: Generated<'requires_payment_method' | 'succeeded'>;
  payment_method_id: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface LocalPaymentMethodsTable {
  id: string;
  user_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: Generated<boolean>;
  attached_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface CouponsTable {
  code: string;
  description: string;
  percent_off: number | null;
  amount_off: number | null;
  valid_until: NullableTimestamp;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  provider: BillingProviderColumn;
  provider_id: string;
  stripe_status: SubscriptionStatusColumn;
  plan: PlanColumn;
  plan_interval: 'month' | 'year';
  plan_price: number;
  coupon_code: string | null;
  payment_method_id: string | null;
  trial_ends_at: NullableTimestamp;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  ends_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface InvoicesTable {
  id: string;
  user_id: number;
  subscription_ref: string | null;
  number: Generated<string>;
  description: string;
  amount: number;
  period_start: Timestamp;
  period_end: Timestamp;
  card_brand: string | null;
  card_last4: string | null;
  created_at: CreatedAt;
}

// Calendar integrations (migration 013).

export type IntegrationSlugColumn = 'icloud-calendar' | 'google-calendar' | 'office365-calendar';

export interface IntegrationsTable {
  id: Generated<number>;
  user_id: number;
  slug: IntegrationSlugColumn;
  name: string;
  account: string;
  /** iCloud only: encrypted JSON {email, password} */
  credentials: string | null;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined>;
  checked_at: NullableTimestamp;
  /** JSON with a default ('{"events_calendar": null, "conflict_calendars": []}') */
  params: ColumnType<
    { events_calendar: string | null; conflict_calendars: string[] },
    string | undefined,
    string
  >;
  /** JSON with a default ('{"available_calendars": []}') */
  data: ColumnType<
    { available_calendars: { id: string; name: string }[] },
    string | undefined,
    string
  >;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type PayoutProviderColumn = 'local' | 'stripe';

export interface PayoutAccountsTable {
  user_id: number;
  provider: PayoutProviderColumn;
  account_id: string;
  country_code: string;
  details_submitted: Generated<boolean>;
  charges_enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface LocalConnectAccountsTable {
  id: string;
  user_id: number;
  country_code: string;
  email: string;
  business_type: 'individual' | 'company' | null;
  legal_name: string | null;
  details_submitted: Generated<boolean>;
  activates_at: NullableTimestamp;
  created_at: CreatedAt;
}

// Wishlist (smartlist), migration 016.
export interface SmartlistGroupsTable {
  id: Generated<number>;
  user_id: number;
  type: 'guest' | 'show';
  name: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SmartlistItemsTable {
  id: Generated<number>;
  user_id: number;
  type: 'guest' | 'show';
  name: string;
  domain: string | null;
  emails: ColumnType<string[], string | undefined, string>;
  phone: string | null;
  group_id: number | null;
  profile_id: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SmartlistNotesTable {
  id: Generated<number>;
  item_id: number;
  text: string;
  created_at: CreatedAt;
}

export interface EmailLookupsTable {
  domain: string;
  provider: string;
  emails: ColumnType<string[], string | undefined, string>;
  looked_up_at: CreatedAt;
}

// Profile pages, migration 015.
type ProfileTypeColumn = 'guest' | 'show';

export interface ReviewsTable {
  id: Generated<number>;
  profile_type: ProfileTypeColumn;
  profile_id: number;
  reviewer_id: number | null;
  reviewer_name: string;
  rating: number;
  body: Generated<string>;
  created_at: CreatedAt;
}

export interface InquiriesTable {
  id: Generated<number>;
  user_id: number;
  profile_type: ProfileTypeColumn;
  profile_id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: CreatedAt;
}

export interface AvailabilityRequestsTable {
  id: Generated<number>;
  user_id: number;
  profile_type: ProfileTypeColumn;
  profile_id: number;
  requested_at: CreatedAt;
  notified_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  email: string;
  source: string;
  user_id: number | null;
  profile_type: ColumnType<ProfileTypeColumn | 'none', ProfileTypeColumn | 'none' | undefined>;
  profile_id: Generated<number>;
  created_at: CreatedAt;
}

// Connect rejections, content pages and referral views, migration 017.
export interface ConnectGuestRejectionsTable {
  user_id: number;
  guest_profile_id: number;
  created_at: CreatedAt;
}

export interface ConnectShowRejectionsTable {
  user_id: number;
  show_profile_id: number;
  created_at: CreatedAt;
}

export interface PagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  body: ColumnType<PageBlock[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ReferralViewsTable {
  referrer_id: number;
  visitor_hash: string;
  day: ColumnType<Date, string | undefined, string>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  sessions: SessionsTable;
  login_throttles: LoginThrottlesTable;
  categories: CategoriesTable;
  tags: TagsTable;
  booking_options: BookingOptionsTable;
  show_types: ShowTypesTable;
  guest_profiles: GuestProfilesTable;
  show_profiles: ShowProfilesTable;
  guest_profile_categories: GuestProfileCategoriesTable;
  show_profile_categories: ShowProfileCategoriesTable;
  guest_profile_tags: GuestProfileTagsTable;
  show_profile_tags: ShowProfileTagsTable;
  show_profile_types: ShowProfileTypesTable;
  guest_option_prices: GuestOptionPricesTable;
  show_option_prices: ShowOptionPricesTable;
  favorites: FavoritesTable;
  bookings: BookingsTable;
  miniviews: MiniviewsTable;
  miniview_questions: MiniviewQuestionsTable;
  miniview_answer_groups: MiniviewAnswerGroupsTable;
  miniview_answers: MiniviewAnswersTable;
  mailing_list_subscribers: MailingListSubscribersTable;
  auth_tokens: AuthTokensTable;
  outbox_emails: OutboxEmailsTable;
  oauth_states: OAuthStatesTable;
  social_accounts: SocialAccountsTable;
  oauth_connections: OAuthConnectionsTable;
  uploads: UploadsTable;
  schema_migrations: SchemaMigrationsTable;
  guest_profile_links: GuestProfileLinksTable;
  show_profile_links: ShowProfileLinksTable;
  guest_availability_settings: GuestAvailabilitySettingsTable;
  billing_customers: BillingCustomersTable;
  local_setup_intents: LocalSetupIntentsTable;
  local_payment_methods: LocalPaymentMethodsTable;
  coupons: CouponsTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  integrations: IntegrationsTable;
  payout_accounts: PayoutAccountsTable;
  local_connect_accounts: LocalConnectAccountsTable;
  smartlist_groups: SmartlistGroupsTable;
  smartlist_items: SmartlistItemsTable;
  smartlist_notes: SmartlistNotesTable;
  email_lookups: EmailLookupsTable;
  reviews: ReviewsTable;
  inquiries: InquiriesTable;
  availability_requests: AvailabilityRequestsTable;
  waitlist_entries: WaitlistEntriesTable;
  connect_guest_rejections: ConnectGuestRejectionsTable;
  connect_show_rejections: ConnectShowRejectionsTable;
  pages: PagesTable;
  referral_views: ReferralViewsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
