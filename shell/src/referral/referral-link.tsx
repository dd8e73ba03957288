import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { incrementReferralViews, storeReferralCookie } from '@guestspot/shared-api/referrals';

export const REFERRAL_PARAM = 'ref';

// Codes already handled in this page load: a re-render (or React's development double effect)
// must not count the same visit twice.
const handled = new Set<string>();

/** For tests: forget the codes handled so far. */
export function resetReferralLinks() {
  handled.clear();
}

async function recordReferral(ref: string): Promise<void> {
  try {
    // The cookie first: the view is counted per visitor, and the cookie says who the visitor is.
    await storeReferralCookie(ref);
    await incrementReferralViews(ref);
  } catch {
    // An unknown or stale code is not the visitor's problem: the page works the same.
  }
}

/**
 * A referral link (?ref=CODE on any page, spec §4): the server stores the referrer in a cookie
 * and counts the view, and the code leaves the address bar so that a shared or bookmarked URL
 * does not carry it on.
 */
export function ReferralLink() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const ref = params.get(REFERRAL_PARAM)?.trim();
    if (!params.has(REFERRAL_PARAM)) return;
    params.delete(REFERRAL_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
    if (!ref || handled.has(ref)) return;
    handled.add(ref);
    void recordReferral(ref);
  }, [location, navigate]);

  return null;
}
