import type { PitchFeeType } from '../../contract';
import type { ProfileSide } from '../../booking-facts';
import {
  MINIMUM_CARD_CHARGE,
  percentOf,
  REFERRAL_SHARE_PERCENT,
  SERVICE_FEE_PERCENT,
} from '../booking-money/pricing';
import { formatCents } from '../billing/service';

// What a pitch's answer adds to what the initiator pays (decision 115), pure and in whole cents.
// The invitee names the booking's value (its full fee, or a special price); the booking is
// priced again at that value as priceBooking would (the guest's 20% service fee on top when the
// guest pays, the show's payout less it when the show pays, the referrer's 7%), and the extra is
// that total less what the pitch already cost. Pricing the whole value, not the difference,
// keeps the ledger's rounding that of one booking (ledger-check's fee-plus-payout).

/** A pitch's split so far (booking-money/ledger.ts splitSoFarOf). */
export interface SplitSoFar {
  serviceFee: number;
  payout: number;
  referralShare: number;
}

export interface ExtraPrice {
  /** what the initiator owes on top of the pitch (cents) */
  extraFee: number;
  /** what the extra adds to the split */
  split: SplitSoFar;
}

/** The value a pitch was sold for: what its invitee is paid, plus the fee a show pays from it. */
export const pitchValueOf = (initiator: ProfileSide, soFar: SplitSoFar) =>
  initiator === 'show' ? soFar.payout + soFar.serviceFee : soFar.payout;

export const VALUE_NOT_ABOVE_PITCH = (paid: number) =>
  `The fee must be more than the pitch's ${formatCents(paid)}.`;
export const EXTRA_BELOW_MINIMUM = `The difference must be at least ${formatCents(MINIMUM_CARD_CHARGE)}.`;

/**
 * The booking priced at `value` after a pitch that cost `paid` and was split as `soFar`; a
 * message when the value is not above the pitch's or the difference is under the card minimum.
 */
export function priceExtra(input: {
  initiator: ProfileSide;
  paid: number;
  soFar: SplitSoFar;
  value: number;
  bookerReferred: boolean;
}): ExtraPrice | { refusal: string } {
  const { initiator, soFar, value } = input;
  if (value <= pitchValueOf(initiator, soFar))
    return { refusal: VALUE_NOT_ABOVE_PITCH(input.paid) };
  const fee = percentOf(value, SERVICE_FEE_PERCENT);
  const total = value + (initiator === 'guest' ? fee : 0);
  const extraFee = total - input.paid;
  if (extraFee < MINIMUM_CARD_CHARGE) return { refusal: EXTRA_BELOW_MINIMUM };
  const referral = input.bookerReferred ? percentOf(value, REFERRAL_SHARE_PERCENT) : 0;
  return {
    extraFee,
    split: {
      serviceFee: fee - soFar.serviceFee,
      payout: (initiator === 'guest' ? value : value - fee) - soFar.payout,
      referralShare: Math.max(0, referral - soFar.referralShare),
    },
  };
}

/**
 * The value a booking total was priced from (the answer priced it so; paying prices it again):
 * the total itself when the show pays, else the value that, plus its service fee, makes it.
 */
export function valueOfTotal(total: number, initiator: ProfileSide): number {
  if (initiator === 'show') return total;
  const guess = Math.round(total / (1 + SERVICE_FEE_PERCENT / 100));
  const exact = [guess, guess - 1, guess + 1].find(
    (value) => value + percentOf(value, SERVICE_FEE_PERCENT) === total,
  );
  return exact ?? guess;
}

/**
 * How the extra is paid: store credit (capped at the extra, what is available and what was
 * asked for), the rest by card; a card remainder of 1-49 cents becomes 50 by using less credit
 * (decision 101's floor: the extra is never under 50 cents, so the credit can always give way).
 */
export function payExtra(total: number, availableCredit: number, requestedCredit: number) {
  let creditApplied = Math.max(0, Math.min(availableCredit, requestedCredit, total));
  let cardAmount = total - creditApplied;
  if (cardAmount > 0 && cardAmount < MINIMUM_CARD_CHARGE) {
    creditApplied = total - MINIMUM_CARD_CHARGE;
    cardAmount = MINIMUM_CARD_CHARGE;
  }
  return { total, creditApplied, cardAmount, requiresCard: cardAmount > 0 };
}

/** The answers' fee kinds as stored in pitch_fee_options.fee_type. */
export const FEE_TYPE_OF = {
  accept: 'none',
  'accept-pay-full': 'full',
  'accept-special-price': 'special',
} as const satisfies Record<string, PitchFeeType>;
