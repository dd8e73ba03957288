// The JSON this API answers with. shared-api/src/types.ts mirrors these types for the browser:
// change both together. Times travel as ISO 8601 UTC strings, money as integer cents.
// The types of answers that have a response schema are derived from it (contract-schemas.ts).

import type { Static } from 'typebox';
import type {
  BookingFlowPreferencesSchema,
  BookingQuestionSchema,
  CategoryRefSchema,
  GuestProfileSchema,
  OptionPriceSchema,
  OptionPricesDetailSchema,
  PaginationSchema,
  PitchSettingsDetailSchema,
  ProfileReachSchema,
  RephonicStatsSchema,
  ShowProfileSchema,
  ShowProfileStatSchema,
  ShowTypeUrlSchema,
  TagSchema,
  UpsellPackageSchema,
} from './contract-schemas';

export type AccountType = 'standard' | 'pro';
export type UserStatus = 'active' | 'pending' | 'paused';
export type TeamRole = 'admin' | 'agency';

export interface ProfileSummary {
  id: number;
  name: string;
  slug: string;
  imageUrl: string | null;
}

/** A profile of the user's (User.guest, User.shows). */
export interface UserProfileSummary extends ProfileSummary {
  upsellPackages?: UpsellPackage[];
}

export interface TeamMembership {
  /** the team's id */
  id: number;
  owner_id: number;
  owner_name: string;
  role: TeamRole;
}

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  /** '(###) ###-####' */
  phone: string | null;
  title: string | null;
  timezone: string;
  imageUrl: string | null;
  /** set only for an uploaded image (what DELETE /users/{id}/media/{uuid} removes) */
  imageUuid: string | null;
  /** md5 of the trimmed, lower-cased email (default avatar) */
  email_hash: string;
  email_notifications: boolean;
  sms_notifications: boolean;
  has_team: boolean;
  has_stripe_connect: boolean;
  account_type: AccountType;
  status: UserStatus;
  referred_by: number | null;
  /** the code of the user's referral link (?ref=CODE, decision 053) */
  referral_code: string;
  terms_accepted_at: string | null;
  team_role: TeamRole | null;
  is_admin: boolean;
  /** with GET /users/{id}?include=guest.upsellPackages: its upsell packages */
  guest: UserProfileSummary | null;
  /** with GET /users/{id}?include=shows.upsellPackages: each show's upsell packages */
  shows: UserProfileSummary[];
  teams: TeamMembership[];
  new_bookings_count: number;
  unread_messages_count: number;
  /** Who is really signed in while this user is impersonated (GET /users/me); null otherwise. */
  impersonator: Impersonator | null;
}

export interface Impersonator {
  id: number;
  name: string;
  is_admin: boolean;
  /** the impersonator's role in the impersonated user's team; null for a site admin */
  team_role: TeamRole | null;
}

export type Pagination = Static<typeof PaginationSchema>;

export interface Paginated<T> {
  data: T[];
  meta: { pagination: Pagination };
}

export interface DataEnvelope<T> {
  data: T;
}

export type Tag = Static<typeof TagSchema>;

export type CategoryRef = Static<typeof CategoryRefSchema>;

/** The lowest price of one booking option on a profile. */
export type OptionPrice = Static<typeof OptionPriceSchema>;

export type GuestProfile = Static<typeof GuestProfileSchema>;

export type ShowTypeUrl = Static<typeof ShowTypeUrlSchema>;

export type ShowProfile = Static<typeof ShowProfileSchema>;

export interface Category {
  id: number;
  name: string;
  image_url: string | null;
  /** public profiles in the category or its subcategories */
  counts: { guests: number; shows: number };
}

export interface CategoryList {
  success: true;
  data: Category[];
}

/** A rejected booking is canceled, with cancel_kind 'rejected' (decision 099). */
export type BookingStatus =
  | 'pending'
  | 'accepted'
  | 'scheduled'
  | 'confirmed'
  | 'completed'
  | 'canceled'
  | 'expired';

export interface Booking {
  id: number;
  status: BookingStatus;
  is_pitch: boolean;
  initiator: 'guest' | 'show';
  /** not yet seen by the viewer's side */
  is_new: boolean;
  /** cents */
  price: number;
  booking_date: string | null;
  created_at: string;
  guest_profile: { id: number; name: string; title: string | null; imageUrl: string | null };
  show_profile: { id: number; name: string; imageUrl: string | null };
  /** the other side, from the viewer's point of view */
  counterpart: { type: 'guest' | 'show'; id: number; name: string; imageUrl: string | null };
}

export interface Miniview {
  id: number;
  uuid: string;
  title: string;
  created_at: string;
  questions_count: number;
  /** answer groups: one per person who answered (the list's "answers") */
  answers_count: number;
}

export type MiniviewMediaType = 'audio' | 'video';

export interface MiniviewQuestion {
  id: number;
  body: string;
  /** the question's own recording, if it has one */
  question_media_url: string | null;
  question_media_type: MiniviewMediaType | null;
}

export interface MiniviewAnswer {
  question_id: number;
  url: string;
  type: MiniviewMediaType;
}

/** One person's answers, under the name they gave. */
export interface MiniviewAnswerGroup {
  id: number;
  name: string;
  created_at: string;
  answers: MiniviewAnswer[];
}

/** GET /miniviews/{id} and POST /miniviews: the owner's view, answers included. */
export interface MiniviewDetail {
  id: number;
  uuid: string;
  title: string;
  created_at: string;
  questions: MiniviewQuestion[];
  answer_groups: MiniviewAnswerGroup[];
}

/** GET /miniviews/public/{uuid}: what a person answering sees (no answers, no owner). */
export interface PublicMiniview {
  uuid: string;
  title: string;
  questions: MiniviewQuestion[];
}

/** Every 4xx/5xx body. `errors` only on 422 (Laravel style: field => messages). */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

// ---- Uploads (POST /uploads, GET /media/{uuid}) ----

export interface Upload {
  uuid: string;
  /** where GET /media/{uuid} serves it, relative to the site */
  url: string;
  mime_type: string;
  /** bytes */
  size: number;
}

/** POST /users/me/recordings and POST /miniviews/upload-file: the stored recording. */
export interface Recording extends Upload {
  type: 'audio' | 'video';
}

/** POST /uploads: 201 with the stored file(s); a failure has `uploads: null` and the message. */
export interface UploadResponse {
  uploads: Upload[] | null;
  message?: string;
}

// ---- Auth: registration and the email flows (verify, reset password, complete account) ----

/** A bare confirmation: POST /auth/password/email, POST /auth/email/resend. */
export interface MessageBody {
  message: string;
}

/** GET /auth/email/verify/{id}/{token}, POST /auth/password/reset. */
export interface MessageWithUser {
  message: string;
  data: User;
}

/** The emailed links a page checks with POST /auth/validate-token before showing its form. */
export type LinkTokenType = 'reset-password' | 'complete-account';

/** POST /auth/validate-token: names only for 'complete-account' (what the inviter entered). */
export interface TokenValidation {
  valid: true;
  email: string;
  first_name?: string;
  last_name?: string;
}

// ---- Profile writing (registration wizard, profile editors) ----

export type SocialNetwork =
  | 'linkedin'
  | 'twitter'
  | 'instagram'
  | 'youtube'
  | 'facebook'
  | 'wikipedia'
  | 'website'
  | 'tiktok';

export type SocialMediaLinks = Record<SocialNetwork, string | null>;

/**
 * GET/PUT /guests/{id}/links. GET takes `exclude` (comma-separated groups: social_media,
 * podcasts, videos, articles) and leaves those keys out.
 */
export interface GuestLinks {
  social_media: SocialMediaLinks;
  podcasts: string[];
  videos: string[];
  articles: string[];
}

/**
 * GET/PUT /shows/{id}/links. GET takes `exclude` (comma-separated groups: social_media,
 * episodes, media_features) and leaves those keys out.
 */
export interface ShowLinks {
  social_media: SocialMediaLinks;
  episodes: string[];
  media_features: string[];
}

/** POST /guests, PUT /guests/{id}: tags are existing ids or names (new names become tags). */
export interface GuestProfileInput {
  name: string;
  title?: string | null;
  bio?: string | null;
  pronunciation?: string | null;
  color?: string;
  categories?: number[];
  tags?: (number | string)[];
  /** an image the user uploaded (POST /uploads); null removes it */
  image_uuid?: string | null;
  /** a video the user uploaded (POST /uploads with entity guest); null removes it */
  video_uuid?: string | null;
  /**
   * Each list, when sent, replaces the saved one whole: entries trimmed, blanks and repeats
   * dropped, roles without a title dropped. At most 10 roles, 20 topics (60 characters each) and
   * 10 questions (300 characters each); 422s are keyed `experience.{index}.title`, `topics.{index}`...
   */
  experience?: GuestExperience[];
  topics?: string[];
  /** the guest's own questions, which a show answers in the booking flow's miniview step */
  questions?: string[];
}

/**
 * POST /shows, PUT /shows/{id}. type_urls replaces every link when sent: each type_id one of the
 * show's types (after this request), url http(s) without spaces; a null or empty url, or a type
 * left out, has no link. Errors are keyed `type_urls.{index}.type_id` / `.url`.
 */
export interface ShowProfileInput {
  name: string;
  description?: string | null;
  platform_type?: string | null;
  types?: number[];
  type_urls?: { type_id: number; url: string | null }[];
  categories?: number[];
  tags?: (number | string)[];
  /** PUT only: an upload of the caller's (POST /uploads); null removes it */
  image_uuid?: string | null;
  cover_image_uuid?: string | null;
}

/** GET /show-types */
export interface ShowType {
  id: number;
  name: string;
}

// ---- Availability ----

export interface InterviewDuration {
  /** minutes, one of 15, 30, 45, 60, 75, 90, 120, 180 */
  duration: number;
  /** cents; 0 is FREE */
  price: number;
}

export interface AvailabilityInterval {
  /** 'HH:mm' */
  from: string;
  to: string;
}

export interface AvailabilityRule {
  type: 'wday';
  /** 0 = Sunday ... 6 = Saturday */
  wday: number;
  intervals: AvailabilityInterval[];
}

/** GET/PUT /guests/{id}/availability (GET answers the defaults until saved) */
export interface AvailabilitySettings {
  interview_durations: InterviewDuration[];
  type: 'unlimited' | 'rolling' | 'date_range';
  rolling_days: number;
  /** 'YYYY-MM-DD' */
  start_date: string | null;
  end_date: string | null;
  max_interviews_per_day: number | null;
  max_interviews_per_month: number | null;
  /** minutes */
  minimum_notice: number;
  buffer_before: number;
  buffer_after: number;
  spot_increments: number;
  /** IANA name */
  timezone: string;
  rules: AvailabilityRule[];
}

// ---------------------------------------------------------------------------------------------
// Billing: payment methods, setup intents, the Pro subscription, plans, coupons, invoices.

/** GET /billing/config. null: no Stripe, the browser uses the local card field. */
export interface BillingConfig {
  stripe_publishable_key: string | null;
  /** which provider the server bills with */
  provider: 'local' | 'stripe';
}

/** GET /user/payment/intent: `{intent}`. The card field confirms it with the client secret. */
export interface SetupIntent {
  id: string;
  client_secret: string;
}

export interface PaymentMethod {
  id: string;
  default: boolean;
  /** 'visa', 'mastercard', ... */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The card the LOCAL provider's confirm endpoint takes (stand-in for Stripe.js). */
export interface LocalCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  postal_code: string;
}

/** POST /billing/local/setup-intents/{id}/confirm */
export interface ConfirmedSetupIntent {
  setup_intent: { id: string; status: 'succeeded'; payment_method: string };
}

export type PlanName = 'monthly' | 'yearly';
export type PlanInterval = 'month' | 'year';

export interface Plan {
  /** cents */
  price: number;
  interval: PlanInterval;
}

/** GET /plans */
export interface Plans {
  monthly: Plan;
  yearly: Plan;
  trial_days: number;
}

/** GET /coupons/{code} */
export interface Coupon {
  code: string;
  description: string;
  is_valid: boolean;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

/** GET/POST/DELETE /users/me/subscription: `{data: Subscription | null}` */
export interface Subscription {
  id: number;
  stripe_status: SubscriptionStatus;
  plan: PlanName;
  plan_interval: PlanInterval;
  /** cents, after the coupon */
  plan_price: number;
  coupon: string | null;
  trial_ends_at: string | null;
  current_period_start: string;
  current_period_end: string;
  /** set once cancelled: Pro until then */
  ends_at: string | null;
  active: boolean;
  created_at: string;
}

export interface SubscribePayload {
  plan: PlanName;
  payment_method: string;
  /** cents; when sent it must match the plan's price (a stale page is refused) */
  price?: number;
  coupon?: string;
}

/** GET /users/me/invoices: `{data: Invoice[]}` */
export interface Invoice {
  id: string;
  /** ISO date-time of issue */
  date: string;
  number: string;
  /** cents */
  amount: number;
  /** same-origin path (or the provider's URL) of the PDF; open it in a new tab */
  download_url: string;
}

// --- Social login, OAuth connections, impersonation, team invitations ---

/** GET /oauth/{provider}/redirect */
export interface OAuthRedirect {
  url: string;
}

/** POST /oauth/{provider}/complete */
export interface OAuthCompleteResponse {
  message: string;
  /** a same-origin path to go back to */
  return_to: string;
  data: { provider: string; account_name: string | null; account_email: string | null };
}

/** GET /users/me/team/members; 0/1 as the spec's pivot */
export interface TeamMember {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  pivot: { role: TeamRole; email_notifications: 0 | 1; sms_notifications: 0 | 1 };
}

/** GET /users/me/team/invitations, POST /users/me/team/members */
export interface TeamInvitation {
  id: number;
  email: string;
  role: TeamRole;
  created_at: string;
}

/** GET /team-invitations/{id}?token= (public) */
export interface PublicTeamInvitation {
  id: number;
  team_owner_name: string;
  role: TeamRole;
  email: string;
  status: 'pending';
}

/** GET /admin/users?search= (admins) */
export interface AdminUserSummary {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_admin: boolean;
  account_type: AccountType;
}

// ---------------------------------------------------------------------------------------------
// Calendar integrations: GET/POST /integrations, GET/PUT/DELETE /integrations/{id},
// GET /integrations/{id}/check.

export type IntegrationSlug = 'icloud-calendar' | 'google-calendar' | 'office365-calendar';
/** The last check's result: active (the provider answered) or inactive (it refused or failed). */
export type IntegrationStatus = 'active' | 'inactive';

export interface CalendarRef {
  id: string;
  name: string;
}

export interface IntegrationParams {
  /** where new bookings are written; one of data.available_calendars */
  events_calendar: string | null;
  /** calendars whose events block availability; a subset of data.available_calendars */
  conflict_calendars: string[];
}

export interface Integration {
  id: number;
  slug: IntegrationSlug;
  name: string;
  /** the connected account (an email address) */
  account: string;
  /** iCloud: the email only; the app password never leaves the server. Null for OAuth providers. */
  credentials: { email: string } | null;
  status: IntegrationStatus;
  checked_at: string | null;
  params: IntegrationParams;
  data: { available_calendars: CalendarRef[] };
  created_at: string;
  updated_at: string;
}

/** POST /integrations (iCloud; Google and Office 365 connect through /oauth/{provider}). */
export interface CreateIntegrationPayload {
  name?: string;
  slug: 'icloud-calendar';
  credentials: { email: string; password: string };
  account?: string;
}

// ---------------------------------------------------------------------------------------------
// Payout account (Stripe Connect or the LOCAL provider) and geolocation.

// Onboarding returns to /settings?payout_return=1#payout (decision 030).

/** A link that opens the provider's pages (an absolute http(s) URL; open it in this tab). */
export interface PayoutLink {
  url: string;
}

/** GET /user/stripe-account: `{ data: PayoutAccount | null }` (null: no account linked) */
export interface PayoutAccount {
  /** the provider's account id */
  id: string;
  provider: 'local' | 'stripe';
  /** ISO 3166-1 alpha-2 */
  country_code: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  /** while details are not submitted: where to continue onboarding */
  onboarding_link: PayoutLink | null;
  /** once details are submitted: the provider's dashboard for this account */
  dashboard_link: PayoutLink | null;
}

/** POST /user/stripe-account { country_code } */
export interface CreatedPayoutAccount {
  data: PayoutAccount;
  onboarding_link: PayoutLink;
}

/** GET /user/stripe-account/countries: where payout accounts can be opened */
export interface PayoutCountry {
  /** ISO 3166-1 alpha-2 */
  code: string;
  name: string;
}

/** GET /geolocation: the caller's country by IP (ip-api.com's shape) */
export interface Geolocation {
  status: 'success' | 'fail';
  /** ISO 3166-1 alpha-2; null when the lookup failed */
  countryCode: string | null;
}

// ---------------------------------------------------------------------------------------------
// Marketplace (issue 5): home sections, price stats, tags, favourites, wishlist (smartlist).
// These are the interfaces between the parts of the marketplace; each owner may extend them.

export type MarketplaceProfile = GuestProfile | ShowProfile;

/** `showing` in URLs, `type` in /home: which side of the marketplace a list shows */
export type ProfileListType = 'guests' | 'shows';

/** GET /home?type=&filter=: one slider's list (paged like /guests) */
export type HomeFilter = 'featured' | 'talent' | 'premium' | 'free';

/** GET /home?type=guests|shows: the first items of every slider at once */
export interface HomeSections {
  featured: MarketplaceProfile[];
  /** curated talent: guests only, empty for shows */
  talent: MarketplaceProfile[];
  premium: MarketplaceProfile[];
  free: MarketplaceProfile[];
}

/** GET /{guests|shows}/price-stats: lowest and highest card price, in dollars (defaults 0-1000) */
export interface PriceStats {
  min: number;
  max: number;
}

/** GET /tags/popular: a tag with the number of public profiles that carry it */
export interface PopularTag extends Tag {
  count: number;
}

/** PUT /favorites/{guests|shows}/{id}: the new favourite state */
export interface FavoriteToggle {
  is_favorited: boolean;
}

/** A note on a wishlist item */
export interface SmartlistNote {
  text: string;
  created_at: string;
}

/** The profile a wishlist item points to (null for an item typed in by hand) */
export interface SmartlistProfile {
  id: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  type: 'guest' | 'show';
  title: string | null;
  bio: string | null;
  description: string | null;
  avg_rating: number | null;
  inquiries_only: boolean;
}

/** GET /users/{id}/smartlist: one wishlist entry */
export interface SmartlistItem {
  id: number;
  type: 'guest' | 'show';
  name: string;
  domain: string | null;
  emails: string[];
  phone: string | null;
  notes: SmartlistNote[];
  /** group id, null when ungrouped */
  group: number | null;
  profile: SmartlistProfile | null;
}

/** POST /users/{id}/smartlist */
export interface SmartlistItemInput {
  type: 'guest' | 'show';
  name: string;
  domain?: string | null;
  emails?: string[];
  phone?: string | null;
  /** notes text to add */
  notes?: string[];
  /** links the item to a public profile (connect "add to smartlist", favourites) */
  profile_id?: number | null;
}

/** GET /users/{id}/smartlist-groups?include=items */
export interface SmartlistGroup {
  id: number;
  name: string;
  type: 'guest' | 'show';
  items: SmartlistItem[];
}

// Profile pages (issue 5): detail fields, reviews, inquiries, availability requests, waitlist.

/** One line of a guest's experience */
export interface GuestExperience {
  title: string;
  organization: string | null;
  years: string | null;
}

/** A booking option a profile offers, with its prices per interview duration (cents) */
export interface ProfileBookingOption {
  id: number;
  name: string;
  slug: string;
  icon_url: string | null;
  prices: { id: number; interview_duration: number; amount: number }[];
}

/** GET /guests/{id|slug}?include=links,booking_options */
export interface GuestProfileDetail extends GuestProfile {
  experience: GuestExperience[];
  topics: string[];
  questions: string[];
  reviews_count: number;
  /** followers per social platform (decision 097); always sent, optional for older fixtures */
  profile_reach?: ProfileReach[];
  /** with include=links */
  links?: GuestLinks;
  /** with include=booking_options: every option, pitch and miniview included */
  booking_options?: ProfileBookingOption[];
}

/** GET /shows/{id|slug}?include=links,booking_options */
export interface ShowProfileDetail extends ShowProfile {
  /** the show's id at Rephonic (audience figures), null when not linked */
  rephonic_id: string | null;
  /** the filled stat slots, ids and verification state (decision 097); always sent */
  profile_stats?: ShowProfileStat[];
  /** average of the show's reviews, null without reviews */
  avg_rating: number | null;
  reviews_count: number;
  links?: ShowLinks;
  booking_options?: ProfileBookingOption[];
}

export type ProfileInclude = 'links' | 'booking_options';

/** GET /{guests|shows}/{id}/reviews (paginated, newest first) */
export interface Review {
  id: number;
  rating: number;
  body: string;
  reviewer_name: string;
  created_at: string;
}

/** POST /talent/inquire-profile */
export interface InquiryInput {
  name: string;
  email: string;
  /** (###) ###-#### */
  phone: string;
  message: string;
  profile_id: number;
  profile_type: 'guest' | 'show';
}

/** POST /{guests|shows}/{id}/{guest|show}-availability-request */
export interface AvailabilityRequestInput {
  profileId: number;
  profileType: 'guest' | 'show';
}

/** POST /join-waitlist: profile_* name the profile the user waits for (optional) */
export interface WaitlistInput {
  email: string;
  source: 'app';
  profile_id?: number;
  profile_type?: 'guest' | 'show';
}

// ---- Connect, content pages and referrals (issue 5, connect-content) ----

/** One figure of a candidate's reach, e.g. {label: 'Podcast appearances', value: '12'} */
export interface ProfileReachItem {
  label: string;
  value: string;
}

/** GET /{guests|shows}/connect-candidates: a public profile of the other side, with its reach */
export type ConnectCandidate = (GuestProfile | ShowProfile) & { reach: ProfileReachItem[] };

/** POST /guests/reject-connect-candidate | /shows/reject-connect-candidate */
export type ConnectRejection = { guest_profile_id: number } | { show_profile_id: number };

/** One block of a content page's body; rendered as elements, never as HTML. */
export type PageBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  /** href: a same-site path, an https URL or a mailto: address */
  | { type: 'link'; text: string; href: string };

/** GET /pages/{slug} */
export interface ContentPage {
  slug: string;
  title: string;
  body: PageBlock[];
  updated_at: string;
}

// ---- What a profile sets up to be booked (issue 16, decision 089) ----

/** GET /{guests|shows}/{id}/booking-questions[?type=pitch] (in order) */
export type BookingQuestion = Static<typeof BookingQuestionSchema>;

export type BookingQuestionType = BookingQuestion['type'];

/** GET/PUT /{guests|shows}/{id}/booking-flow-preferences */
export type BookingFlowPreferences = Static<typeof BookingFlowPreferencesSchema>;

/** The optional booking steps a profile can switch on or off. */
export type BookingFlowStep = keyof BookingFlowPreferences;

/** GET /{guests|shows}/{id}/upsell-packages; price in dollars */
export type UpsellPackage = Static<typeof UpsellPackageSchema>;

/** GET/PUT /{guests|shows}/{id}/pitch-settings; prices in cents */
export type PitchSettingsDetail = Static<typeof PitchSettingsDetailSchema>;

/**
 * GET/PUT /{guests|shows}/{id}/option-prices (decision 095): the options the profile may sell
 * (`editable` false: availability writes their prices) and a price per interview duration, in
 * dollars.
 */
export type OptionPricesDetail = Static<typeof OptionPricesDetailSchema>;

export type SellableBookingOption = OptionPricesDetail['booking_options'][number];

export type OptionDurationPrice = OptionPricesDetail['option_prices'][number];

// ---- A guest's reach and a show's platform stats (issue 16, decision 097) ----

/** GET/POST /guests/{id}/profile-reach; `platform` is one of SOCIAL_NETWORKS */
export type ProfileReach = Static<typeof ProfileReachSchema>;

/** POST /shows/{id}/profile-stats, PATCH …/{statId}/cancel-verification-request */
export type ShowProfileStat = Static<typeof ShowProfileStatSchema>;

export type StatVerificationStatus = NonNullable<ShowProfileStat['verification_status']>;

/** PUT /shows/{id}/rephonic-stats */
export type RephonicStats = Static<typeof RephonicStatsSchema>;
