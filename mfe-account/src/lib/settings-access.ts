import type { User } from '@guestspot/shared-api';

/** What the viewer of /settings may see and do there (spec §6). */
export interface SettingsAccess {
  /**
   * The owner acting on their own account: the user themself, or a site admin impersonating
   * them as support. Only they manage team, billing and account status; the server refuses
   * everyone else (403) and the page hides those actions. (Payout: see seePayout.)
   */
  manageAccount: boolean;
  /**
   * The email and password rows may be edited: by the owner, or a site admin as support (a new
   * address after the login confirmation). Never by a team member acting as the owner, who could
   * otherwise take the account over; the server answers them 403 (decision 063).
   */
  changeSignIn: boolean;
  /**
   * The payout section: the owner, an admin as support, and an Agency member, who may also act on
   * it (spec §6 "Agency may manage ... payout setup"; decision 030). Basic members never see it.
   */
  seePayout: boolean;
  /** Team members: Pro accounts, for the viewers who may see the payout section too. */
  seeTeam: boolean;
  /** The link to /admin-settings: shown when an admin is at the keyboard. */
  seeAdminSettingsLink: boolean;
}

export function settingsAccess(user: User): SettingsAccess {
  const actor = user.impersonator;
  const manageAccount = actor === null || actor.is_admin;
  const seePayout = manageAccount || actor?.team_role === 'agency';
  return {
    manageAccount,
    changeSignIn: manageAccount,
    seePayout,
    seeTeam: user.account_type === 'pro' && seePayout,
    seeAdminSettingsLink: user.is_admin || actor?.is_admin === true,
  };
}
