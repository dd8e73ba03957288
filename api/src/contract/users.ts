import type { UpsellPackage } from './booking-setup';

// The account: the signed-in user, impersonation, the email flows, social login, the team and
// the admins' user search.

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

// ---- Auth: registration and the email flows (verify, reset password, complete account) ----

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
