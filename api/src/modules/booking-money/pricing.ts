import type { ProfileSide } from '../../booking-facts';
// What a booking costs and who gets what (issue 17, decision 101). Pure: every amount is whole
// cents, read from the server's own prices (never from what the browser sends).
//
// Order: option + upsells = subtotal; minus the booking code (capped at the subtotal); plus the
// service fee when the guest is the one paying; = total; minus store credit (capped at the total
// and at what the booker asked to use); = card amount, raised to the 50-cent minimum.

/** Stripe's minimum charge in USD: a card remainder of 1-49 cents becomes 50. */
export const MINIMUM_CARD_CHARGE = 50;
/** The platform's service fee, a share of the appearance fee, always borne by the guest. */
export const SERVICE_FEE_PERCENT = 20;
/** Paid to whoever referred the booker, out of the platform's fee. */
export const REFERRAL_SHARE_PERCENT = 7;

export interface BookingCodeDiscount {
  code: string;
  /** 1-100; exactly one of percentOff and amountOff is set */
  percentOff: number | null;
  /** cents */
  amountOff: number | null;
}

export interface PricingInput {
  bookedSide: ProfileSide;
  /** the booked profile's price for the option and the interview duration (cents) */
  option: { name: string; price: number };
  upsells: readonly { title: string; price: number }[];
  code: BookingCodeDiscount | null;
  /** the booker's available store credit (cents) */
  availableCredit: number;
  /** what the booker asked to apply (cents); omitted: as much as possible */
  requestedCredit?: number;
  /** the booker signed up through someone's referral link */
  bookerReferred: boolean;
}

export interface PriceLine {
  kind: 'option' | 'upsell' | 'service-fee';
  label: string;
  amount: number;
}

export interface PlatformSplit {
  /** SERVICE_FEE_PERCENT of the appearance fee (the booking's value after the code) */
  serviceFee: number;
  /** REFERRAL_SHARE_PERCENT of that value, to the booker's referrer; 0 when not referred */
  referralShare: number;
  /** what the booked profile's owner is paid out */
  payee: number;
  /** card amount − payee − referral share: the fee, less the referral share and credit redeemed */
  platform: number;
}

export interface BookingPrice {
  lines: PriceLine[];
  /** option + upsells */
  subtotal: number;
  codeDiscount: number;
  /** what the booking costs the booker: subtotal − code discount (+ service fee if the guest pays) */
  total: number;
  creditApplied: number;
  /** charged to the card; 0 or at least MINIMUM_CARD_CHARGE */
  cardAmount: number;
  /** added to the card only when the whole total is under 50 cents */
  minimumChargeTopUp: number;
  requiresCard: boolean;
  split: PlatformSplit;
}

/** Whole cents of `percent`% of `cents`, halves rounded up. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

function cents(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents`);
  }
  return value;
}

export function codeDiscountOf(subtotal: number, code: BookingCodeDiscount | null): number {
  if (!code) return 0;
  const off =
    code.percentOff !== null ? percentOf(subtotal, code.percentOff) : (code.amountOff ?? 0);
  return Math.min(subtotal, off);
}

export function priceBooking(input: PricingInput): BookingPrice {
  const option = cents(input.option.price, 'option price');
  const lines: PriceLine[] = [{ kind: 'option', label: input.option.name, amount: option }];
  for (const upsell of input.upsells) {
    lines.push({
      kind: 'upsell',
      label: upsell.title,
      amount: cents(upsell.price, 'upsell price'),
    });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const codeDiscount = codeDiscountOf(subtotal, input.code);
  const value = subtotal - codeDiscount;

  const serviceFee = percentOf(value, SERVICE_FEE_PERCENT);
  const guestPays = input.bookedSide === 'show';
  if (guestPays && serviceFee > 0) {
    lines.push({ kind: 'service-fee', label: 'Service fee', amount: serviceFee });
  }
  const total = value + (guestPays ? serviceFee : 0);

  const available = cents(input.availableCredit, 'available credit');
  const requested =
    input.requestedCredit === undefined ? available : cents(input.requestedCredit, 'credit');
  let creditApplied = Math.min(available, requested, total);
  let cardAmount = total - creditApplied;
  let minimumChargeTopUp = 0;
  if (cardAmount > 0 && cardAmount < MINIMUM_CARD_CHARGE) {
    if (total >= MINIMUM_CARD_CHARGE) {
      // Use less credit: the booker pays the price, never more; the credit stays theirs.
      creditApplied = total - MINIMUM_CARD_CHARGE;
    } else {
      minimumChargeTopUp = MINIMUM_CARD_CHARGE - cardAmount;
    }
    cardAmount = MINIMUM_CARD_CHARGE;
  }

  const referralShare = input.bookerReferred ? percentOf(value, REFERRAL_SHARE_PERCENT) : 0;
  const payee = guestPays ? value : value - serviceFee;
  // Store credit is the platform's money: redeeming it is paid for out of the platform's share.
  const platform = cardAmount - payee - referralShare;
  return {
    lines,
    subtotal,
    codeDiscount,
    total,
    creditApplied,
    cardAmount,
    minimumChargeTopUp,
    requiresCard: cardAmount > 0,
    split: { serviceFee, referralShare, payee, platform },
  };
}
