import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

// Response schemas (decision 072): the JSON of the marketplace's lists as JSON Schema. Fastify
// serialises the answers of the routes that declare them with fast-json-stringify, and
// contract.ts derives their types from them (Static<>), so the browser's types and the bytes
// on the wire come from one declaration. Only typebox is imported here: shared-api reads
// contract.ts type-only, with the browser's tsconfig.

/** The value or null (`nullable`, which Ajv and fast-json-stringify both read). */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}

const Int = () => Type.Integer();

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
});

export const PaginationSchema = Type.Object({
  total: Int(),
  count: Int(),
  per_page: Int(),
  current_page: Int(),
  total_pages: Int(),
});

/** `{data: T[], meta: {pagination}}`: every list the API pages. */
export function PaginatedSchema<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    meta: Type.Object({ pagination: PaginationSchema }),
  });
}

export const MarketplaceProfileSchema = Type.Union([GuestProfileSchema, ShowProfileSchema]);

// ---- What a profile sets up to be booked (issue 16, decision 089) ----

/** A question a booker answers: `booking` in the flow's questions step, `pitch` with a pitch. */
export const BookingQuestionSchema = Type.Object({
  id: Int(),
  type: Type.Union([Type.Literal('booking'), Type.Literal('pitch')]),
  body: Type.String(),
  /** 0 first, among the profile's questions of this type */
  position: Int(),
  profile_type: Type.Union([Type.Literal('guest'), Type.Literal('show')]),
  profile_id: Int(),
});

/**
 * The optional steps of a profile's booking flow that are on (spec §2.7). `miniview-questions`
 * is a guest-side step: a show's answer has no such key.
 */
export const BookingFlowPreferencesSchema = Type.Object({
  pitch: Type.Boolean(),
  'miniview-questions': Type.Optional(Type.Boolean()),
  questions: Type.Boolean(),
  upsells: Type.Boolean(),
  payment: Type.Boolean(),
});

/** A paid extra a booker may add; `price` in dollars (stored in cents), USD only. */
export const UpsellPackageSchema = Type.Object({
  id: Int(),
  title: Type.String(),
  description: Nullable(Type.String()),
  price: Type.Number(),
  currency: Type.Literal('USD'),
  url: Nullable(Type.String()),
  social_handle: Nullable(Type.String()),
  profile_type: Type.Union([Type.Literal('guest'), Type.Literal('show')]),
  profile_name: Type.String(),
  profile_id: Int(),
});

/**
 * GET /{guests|shows}/{id}/pitch-settings: the card's pitch_settings plus the profile's
 * highest bookable price (cents; null without options), the most `price` may be.
 */
export const PitchSettingsDetailSchema = Type.Object({
  is_enabled: Type.Boolean(),
  price: Nullable(Int()),
  highest_price: Nullable(Int()),
});

/**
 * GET/PUT /{guests|shows}/{id}/option-prices (decision 095): the booking options the profile may
 * sell (`editable` false: set elsewhere, a guest's virtual interview by its availability
 * settings) and its price per option and interview duration, `price` in dollars (stored in
 * cents), as upsell packages answer it.
 */
export const OptionPricesDetailSchema = Type.Object({
  booking_options: Type.Array(
    Type.Object({
      id: Int(),
      name: Type.String(),
      slug: Type.String(),
      editable: Type.Boolean(),
    }),
  ),
  option_prices: Type.Array(
    Type.Object({
      booking_option_id: Int(),
      slug: Type.String(),
      interview_duration: Int(),
      price: Type.Number(),
    }),
  ),
});

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
