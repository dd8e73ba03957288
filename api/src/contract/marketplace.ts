import type { GuestProfile, ShowProfile, Tag } from './profiles';

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
