import type {
  AvailabilitySettings,
  GuestLinks,
  GuestProfileDetail,
  ShowLinks,
  ShowProfile,
} from '@guestspot/shared-api';
import { makeGuest, makeShow } from '@guestspot/shared-api/stories';

// The saved values the sections' stories (and the page's) start from.

const noSocial = {
  linkedin: null,
  twitter: null,
  instagram: null,
  youtube: null,
  facebook: null,
  wikipedia: null,
  website: null,
  tiktok: null,
};

/** GET /guests/{id}'s detail, as the editors load it: the profile with its lists. */
export const storyGuest: GuestProfileDetail = {
  ...makeGuest({
    id: 7,
    name: 'Priya Patel',
    title: 'Growth advisor and author',
    bio: 'Priya helps founders find their first thousand customers.',
    pronunciation: 'PREE-yah PAH-tel',
    imageUuid: null,
    categories: [{ id: 2, name: 'Business' }],
    tags: [{ id: 1, name: 'Startups', slug: 'startups' }],
  }),
  experience: [
    { title: 'VP Growth', organization: 'Brightcart', years: '2019–2022' },
    { title: 'Author', organization: null, years: null },
  ],
  topics: ['Customer acquisition', 'Pricing', 'Founder-led sales'],
  questions: [
    'What does your audience struggle with most when they start selling?',
    'Which episode of yours should I listen to first?',
  ],
  reviews_count: 0,
};

export const storyGuestLinks: GuestLinks = {
  social_media: { ...noSocial, linkedin: 'https://linkedin.com/in/priya' },
  podcasts: ['https://podcasts.example/founders/12'],
  videos: [],
  articles: ['https://news.example/priya'],
};

export const storyAvailability: AvailabilitySettings = {
  interview_durations: [
    { duration: 30, price: 0 },
    { duration: 60, price: 15000 },
  ],
  type: 'rolling',
  rolling_days: 30,
  start_date: null,
  end_date: null,
  max_interviews_per_day: 2,
  max_interviews_per_month: null,
  minimum_notice: 1440,
  buffer_before: 15,
  buffer_after: 15,
  spot_increments: 30,
  timezone: 'America/New_York',
  rules: [1, 2, 3].map((wday) => ({
    type: 'wday' as const,
    wday,
    intervals: [{ from: '09:00', to: '12:00' }],
  })),
};

export const storyShow: ShowProfile = makeShow({
  id: 4,
  name: 'Morning Momentum',
  platform_type: 'audio',
  types: [{ id: 1, name: 'Podcast' }],
  type_urls: [{ type_id: 1, url: 'https://podcasts.example/morning-momentum' }],
  categories: [{ id: 2, name: 'Business' }],
  imageUuid: null,
  coverImageUuid: null,
});

export const storyShowLinks: ShowLinks = {
  social_media: { ...noSocial, youtube: 'https://youtube.com/@morningmomentum' },
  episodes: ['https://podcasts.example/morning-momentum/1'],
  media_features: [],
};
