// Realistic records for tests and stories, shaped like the API's answers.
import type {
  Booking,
  GuestProfile,
  Miniview,
  Paginated,
  PublicMiniview,
  ShowProfile,
  ShowProfileDetail,
  User,
} from '../types';

export function paginated<T>(data: T[], page = 1, perPage = 15, total = data.length): Paginated<T> {
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@guestspot.test',
    phone: null,
    title: null,
    timezone: 'US/Central',
    imageUrl: null,
    imageUuid: null,
    email_hash: '0bc83cb571cd1c50ba6f3e8a78ef1346',
    email_notifications: true,
    sms_notifications: false,
    has_team: false,
    has_stripe_connect: false,
    account_type: 'standard',
    status: 'active',
    referred_by: null,
    referral_code: 'adalovelace',
    terms_accepted_at: '2026-01-01T00:00:00Z',
    team_role: null,
    is_admin: false,
    guest: null,
    shows: [],
    teams: [],
    new_bookings_count: 0,
    unread_messages_count: 0,
    impersonator: null,
    ...overrides,
  };
}

export function makeGuest(overrides: Partial<GuestProfile> = {}): GuestProfile {
  const id = overrides.id ?? 1;
  return {
    id,
    user_id: id + 100,
    slug: `guest-${id}`,
    name: `Guest ${id}`,
    title: 'Founder and author',
    bio: 'Talks about building companies.',
    imageUrl: `/api/v1/images/guests/${id}.svg`,
    thumbUrl: `/api/v1/images/guests/${id}.svg`,
    smallThumbUrl: `/api/v1/images/guests/${id}.svg`,
    avg_rating: 4.5,
    type: 'guest',
    is_favourited: false,
    remove_branding: false,
    pronunciation: null,
    tags: [],
    categories: [],
    option_prices: [{ booking_option_id: 1, price: 15000, slug: 'virtual-interview' }],
    lowest_price: 15000,
    pitch_settings: { is_enabled: true, price: 0 },
    color: '#7f56d9',
    featured: false,
    premium: false,
    talent: false,
    ...overrides,
  };
}

/** A show card; it also carries the detail's rephonic_id, so it spreads into a ShowProfileDetail. */
export function makeShow(
  overrides: Partial<ShowProfile & Pick<ShowProfileDetail, 'rephonic_id'>> = {},
): ShowProfile & Pick<ShowProfileDetail, 'rephonic_id'> {
  const id = overrides.id ?? 1;
  return {
    id,
    user_id: id + 200,
    slug: `show-${id}`,
    name: `Show ${id}`,
    description: 'A weekly show about startups.',
    imageUrl: `/api/v1/images/shows/${id}.svg`,
    coverImageUrl: null,
    categories: [],
    tags: [],
    types: [],
    type_urls: [],
    rephonic_id: null,
    platform_type: 'podcast',
    platform_stats: [],
    remove_branding: false,
    prices: [],
    lowest_price: 0,
    pitch_settings: { is_enabled: true, price: null },
    is_favourited: false,
    color: '#2e90fa',
    featured: false,
    premium: false,
    ...overrides,
  };
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const id = overrides.id ?? 1;
  return {
    id,
    status: 'pending',
    is_pitch: false,
    initiator: 'show',
    is_new: true,
    price: 12550,
    booking_date: '2026-12-01T15:00:00Z',
    created_at: '2026-11-01T12:00:00Z',
    guest_profile: { id: 3, name: 'Grace Hopper', title: 'Admiral', imageUrl: null },
    show_profile: { id: 4, name: 'The Build Show', imageUrl: null },
    counterpart: { type: 'guest', id: 3, name: 'Grace Hopper', imageUrl: null },
    ...overrides,
  };
}

export function makeMiniview(overrides: Partial<Miniview> = {}): Miniview {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-8000-00000000000${id}`,
    title: `Miniview ${id}`,
    created_at: '2026-10-25T12:00:00Z',
    questions_count: 3,
    answers_count: 2,
    ...overrides,
  };
}

/** A MINIVIEW as the person answering it reads it: two questions, the second with its own audio. */
export function makePublicMiniview(overrides: Partial<PublicMiniview> = {}): PublicMiniview {
  return {
    uuid: '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30',
    title: 'Founder story questions',
    questions: [
      {
        id: 11,
        body: 'What problem made you start the company?',
        question_media_url: null,
        question_media_type: null,
      },
      {
        id: 12,
        body: 'What would you tell yourself on day one?',
        question_media_url: '/api/v1/media/aaaaaaaa-0000-4000-8000-000000000001',
        question_media_type: 'audio',
      },
    ],
    ...overrides,
  };
}
