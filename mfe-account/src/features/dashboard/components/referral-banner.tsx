import { useCurrentUser } from '@guestspot/shared-api';
import { Card, CopyLink } from '@guestspot/shared-ui';
import './dashboard-cards.css';

/** The user's referral link (decision 053): any page of the site with `?ref=CODE`. */
export const referralLink = (code: string, origin = window.location.origin) =>
  `${origin}/?ref=${encodeURIComponent(code)}`;

/**
 * Dashboard invitation banner (marketplace… §2.9): the referral link with Copy; when the browser
 * refuses the clipboard, 'Failed to copy. Referral link is: {url}' (§8). The whole grid's width.
 */
export function ReferralBanner() {
  const user = useCurrentUser();
  if (!user?.referral_code) return null;
  return (
    <Card
      data-span="full"
      className="gs-referral-banner"
      variant="elevated"
      title="Invite friends to Guestspot"
      description="Share your link: you earn 7% of every booking made by the people who join through it."
    >
      <CopyLink url={referralLink(user.referral_code)} label="Referral link" copyLabel="Copy" />
    </Card>
  );
}
