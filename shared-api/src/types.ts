// Shapes of the API's JSON, as api/src/contract.ts defines them.

export type AccountType = 'standard' | 'pro';
export type UserStatus = 'active' | 'pending' | 'paused';
export type TeamRole = 'admin' | 'agency';

export interface ProfileSummary {
  id: number;
  name: string;
  slug: string;
  imageUrl: string | null;
}

export interface TeamMembership {
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
  phone: string | null;
  title: string | null;
  timezone: string;
  imageUrl: string | null;
  imageUuid: string | null;
  email_hash: string;
  email_notifications: boolean;
  sms_notifications: boolean;
  has_team: boolean;
  has_stripe_connect: boolean;
  account_type: AccountType;
  status: UserStatus;
  referred_by: number | null;
  terms_accepted_at: string | null;
  team_role: TeamRole | null;
  is_admin: boolean;
  guest: ProfileSummary | null;
  shows: ProfileSummary[];
  teams: TeamMembership[];
  new_bookings_count: number;
  unread_messages_count: number;
}

export interface Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

export interface Paginated<T> {
  data: T[];
  meta: { pagination: Pagination };
}

export interface DataEnvelope<T> {
  data: T;
}

export interface Tag {
  id: number;
  name: string;
  slug: string;
}

export interface CategoryRef {
  id: number;
  name: string;
}

export interface OptionPrice {
  booking_option_id: number;
  price: number;
  slug: string;
}

export interface GuestProfile {
  id: number;
  user_id: number;
  slug: string;
  name: string;
  title: string | null;
  bio: string | null;
  imageUrl: string | null;
  thumbUrl: string | null;
  smallThumbUrl: string | null;
  avg_rating: number | null;
  type: 'guest';
  is_favourited: boolean;
  remove_branding: boolean;
  pronunciation: string | null;
  tags: Tag[];
  categories: CategoryRef[];
  option_prices: OptionPrice[];
  lowest_price: number | null;
  pitch_settings: { is_enabled: boolean; price: number | null };
  color: string;
  featured: boolean;
  premium: boolean;
  talent: boolean;
}

export interface ShowProfile {
  id: number;
  user_id: number;
  slug: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  coverImageUrl: string | null;
  categories: CategoryRef[];
  tags: Tag[];
  types: { id: number; name: string }[];
  platform_type: string | null;
  platform_stats: { label: string; value: string }[];
  remove_branding: boolean;
  prices: OptionPrice[];
  lowest_price: number | null;
  is_favourited: boolean;
  color: string;
  featured: boolean;
  premium: boolean;
}

export interface Category {
  id: number;
  name: string;
  image_url: string | null;
  counts: { guests: number; shows: number };
}

export type BookingStatus =
  | 'pending'
  | 'accepted'
  | 'scheduled'
  | 'completed'
  | 'canceled'
  | 'expired'
  | 'rejected';

export interface Booking {
  id: number;
  status: BookingStatus;
  is_pitch: boolean;
  initiator: 'guest' | 'show';
  is_new: boolean;
  price: number;
  booking_date: string | null;
  created_at: string;
  guest_profile: { id: number; name: string; title: string | null; imageUrl: string | null };
  show_profile: { id: number; name: string; imageUrl: string | null };
  counterpart: { type: 'guest' | 'show'; id: number; name: string; imageUrl: string | null };
}

export interface Miniview {
  id: number;
  uuid: string;
  title: string;
  created_at: string;
  questions_count: number;
  answers_count: number;
}

/** Laravel-style validation body: the first message plus every field's messages. */
export interface ValidationBody {
  message: string;
  errors?: Record<string, string[]>;
}
