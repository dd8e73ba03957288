import { isApiError, type Coupon } from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { useEffect, useState } from 'react';

export const COUPON_DEBOUNCE_MS = 500;
export const COUPON_NOT_FOUND = 'Coupon not found.';
export const COUPON_NOT_VALID = 'This coupon is not valid.';
export const COUPON_CHECK_FAILED = 'The coupon could not be checked. Try again.';

export type CouponLookup =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'valid'; coupon: Coupon }
  | { status: 'invalid'; message: string };

/** Looks the code up 500 ms after typing stops; an answer for an older code is ignored. */
export function useCouponLookup(code: string): CouponLookup {
  const trimmed = code.trim();
  const [result, setResult] = useState<{ code: string; lookup: CouponLookup } | null>(null);

  useEffect(() => {
    if (trimmed === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      billingApi
        .getCoupon(trimmed)
        .then((coupon) => {
          const lookup: CouponLookup = coupon.is_valid
            ? { status: 'valid', coupon }
            : { status: 'invalid', message: COUPON_NOT_VALID };
          if (current) setResult({ code: trimmed, lookup });
        })
        .catch((error: unknown) => {
          const message =
            isApiError(error) && error.status === 404 ? COUPON_NOT_FOUND : COUPON_CHECK_FAILED;
          if (current) setResult({ code: trimmed, lookup: { status: 'invalid', message } });
        });
    }, COUPON_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed]);

  if (trimmed === '') return { status: 'empty' };
  if (result?.code !== trimmed) return { status: 'checking' };
  return result.lookup;
}
