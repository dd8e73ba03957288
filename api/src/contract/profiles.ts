import { Type, type Static } from 'typebox';
import { Int, Nullable } from './builders';

// The guest and show profiles: the cards the marketplace lists (decision 072), the profile
// pages, what the registration wizard and the editors write, a guest's reach and a show's stats.

export const TagSchema = Type.Object({ id: Int(), name: Type.String(), slug: Type.String() });

export const CategoryRefSchema = Type.Object({ id: Int(), name: Type.String() });

/** The lowest price of one booking option on a profile (cents; 0 is FREE). */
export const OptionPriceSchema = Type.Object({
  booking_option_id: Int(),
  price: Int(),
  slug: Type.String(),
});

/** A pitch is a free approach (spec §2.5); price in cents, null: the pitch option's price or 0. */
export const PitchSettingsSchema = Type.Object({
  is_enabled: Type.Boolean(),
  price: Nullable(Int()),
});

/**
 * How a profile answers requests (issue 32, decision 114): over the last 90 days, the requests
 * made to it whose outcome is known (accepted, rejected or expired), the share accepted and the
 * median time to answer. null below REPUTATION_MIN_REQUESTS such requests
 * (api/src/modules/reputation/queries.ts).
 */
export const ReputationSchema = Type.Object({
  requests: Int(),
  /** 0 to 100, rounded */
  accepted_percent: Int(),
  /** the median minutes from request to accept or reject; null when none was answered */
  median_answer_minutes: Nullable(Int()),
});

export const GuestProfileSchema = Type.Object({
  id: Int(),
  user_id: Int(),
  slug: Type.String(),
  name: Type.String(),
  title: Nullable(Type.String()),
  bio: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  /** the uploaded picture (what DELETE /guests/{id}/media/{uuid} removes); null: a generated one */
  imageUuid: Type.Optional(Nullable(Type.String())),
  /** the guest's video (GET /media/{uuid}) and its upload (DELETE .../media/{uuid}); null: none */
  videoUrl: Type.Optional(Nullable(Type.String())),
  videoUuid: Type.Optional(Nullable(Type.String())),
  thumbUrl: Nullable(Type.String()),
  smallThumbUrl: Nullable(Type.String()),
  avg_rating: Nullable(Type.Number()),
  type: Type.Literal('guest'),
  is_favourited: Type.Boolean(),
  remove_branding: Type.Boolean(),
  pronunciation: Nullable(Type.String()),
  tags: Type.Array(TagSchema),
  categories: Type.Array(CategoryRefSchema),
  option_prices: Type.Array(OptionPriceSchema),
  /** cents, over the bookable options (not pitch or miniview); null when none */
  lowest_price: Nullable(Int()),
  pitch_settings: PitchSettingsSchema,
  color: Type.String(),
  featured: Type.Boolean(),
  premium: Type.Boolean(),
  talent: Type.Boolean(),
  /** always sent by the API; optional for older fixtures */
  reputation: Type.Optional(Nullable(ReputationSchema)),
});

/** A show's own page on one of its platform types, e.g. its Apple Podcasts or YouTube page. */
export const ShowTypeUrlSchema = Type.Object({
  /** one of the show's `types` */
  type_id: Int(),
  url: Type.String(),
});

export const ShowProfileSchema = Type.Object({
  id: Int(),
  user_id: Int(),
  slug: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  coverImageUrl: Nullable(Type.String()),
  /** the uploaded image and cover (DELETE /shows/{id}/media/{uuid}); null: generated ones */
  imageUuid: Type.Optional(Nullable(Type.String())),
  coverImageUuid: Type.Optional(Nullable(Type.String())),
  categories: Type.Array(CategoryRefSchema),
  tags: Type.Array(TagSchema),
  types: Type.Array(Type.Object({ id: Int(), name: Type.String() })),
  /** the types that have a link, in the order of `types` */
  type_urls: Type.Array(ShowTypeUrlSchema),
  platform_type: Nullable(Type.String()),
  platform_stats: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  remove_branding: Type.Boolean(),
  prices: Type.Array(OptionPriceSchema),
  lowest_price: Nullable(Int()),
  pitch_settings: PitchSettingsSchema,
  is_favourited: Type.Boolean(),
  color: Type.String(),
  featured: Type.Boolean(),
  premium: Type.Boolean(),
  /** always sent by the API; optional for older fixtures */
  reputation: Type.Optional(Nullable(ReputationSchema)),
});

export const MarketplaceProfileSchema = Type.Union([GuestProfileSchema, ShowProfileSchema]);

// ---- A guest's reach and a show's platform stats (issue 16, decision 097) ----

/** Followers or listeners of a guest on one social platform (link-rules.ts SOCIAL_NETWORKS). */
export const ProfileReachSchema = Type.Object({
  platform: Type.String(),
  count: Int(),
});

/**
 * One of a show's three stat slots. `verification_status`: null (never asked), pending,
 * verified, or cancelled (the show withdrew its request); `verification_requested_at` goes with it.
 */
export const ShowProfileStatSchema = Type.Object({
  id: Int(),
  slot: Int(),
  label: Type.String(),
  value: Type.String(),
  verification_status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('verified'),
    Type.Literal('cancelled'),
    Type.Null(),
  ]),
  verification_requested_at: Nullable(Type.String()),
});

/** PUT /shows/{id}/rephonic-stats */
export const RephonicStatsSchema = Type.Object({ rephonic_id: Nullable(Type.String()) });

export type Tag = Static<typeof TagSchema>;

export type CategoryRef = Static<typeof CategoryRefSchema>;

/** The lowest price of one booking option on a profile. */
export type OptionPrice = Static<typeof OptionPriceSchema>;

export type Reputation = Static<typeof ReputationSchema>;

export type GuestProfile = Static<typeof GuestProfileSchema>;

export type ShowTypeUrl = Static<typeof ShowTypeUrlSchema>;

export type ShowProfile = Static<typeof ShowProfileSchema>;

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

// ---- A guest's reach and a show's platform stats (issue 16, decision 097) ----

/** GET/POST /guests/{id}/profile-reach; `platform` is one of SOCIAL_NETWORKS */
export type ProfileReach = Static<typeof ProfileReachSchema>;

/** POST /shows/{id}/profile-stats, PATCH …/{statId}/cancel-verification-request */
export type ShowProfileStat = Static<typeof ShowProfileStatSchema>;

export type StatVerificationStatus = NonNullable<ShowProfileStat['verification_status']>;

/** PUT /shows/{id}/rephonic-stats */
export type RephonicStats = Static<typeof RephonicStatsSchema>;
