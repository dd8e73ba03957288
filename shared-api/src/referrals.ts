import { api } from '@guestspot/shared-api';

// The referral programme's link: ?ref=CODE on any page (spec §4 "Referral cookie", §7).

/** GET /referral-cookie?ref=: the server remembers the referrer in an httpOnly cookie. */
export async function storeReferralCookie(ref: string): Promise<void> {
  await api.get('referral-cookie', { searchParams: { ref } });
}

/** PUT /increment-views/{ref}: one view of the referral link (the server counts a visitor once a day). */
export async function incrementReferralViews(ref: string): Promise<void> {
  await api.put(`increment-views/${encodeURIComponent(ref)}`);
}
