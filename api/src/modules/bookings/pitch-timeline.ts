import type { BookingTimelineEntry, PitchFeeType } from '../../contract';
import type { ProfileSide } from '../../booking-facts';
import { formatCents } from '../billing/service';
import type { ViewedBooking } from './action-rules';

// A pitch's answer, its extra payment and its fee changes in the timeline (booking-management…
// §2 "Activity feed": action-accept-reject's pitch variant, action-extra-payment,
// pitch-fee-changed; decision 115), worded for the viewer as timeline.ts words the rest.

type Properties = BookingTimelineEntry['properties'];

/** What the sentences read (timeline.ts's Words). */
export interface PitchWords {
  byViewer: boolean;
  actor: string;
  payload: Record<string, unknown>;
}

const feeTypeOf = (payload: Record<string, unknown>): PitchFeeType | null =>
  payload.fee_type === 'none' || payload.fee_type === 'full' || payload.fee_type === 'special'
    ? payload.fee_type
    : null;

const amountOf = (payload: Record<string, unknown>) =>
  typeof payload.amount === 'number' ? payload.amount : 0;

/** ' at their full booking fee ($40.00 more)' and the like; '' without a fee. */
function feeWords(words: PitchWords): string {
  const more = formatCents(amountOf(words.payload));
  const whose = words.byViewer ? 'your' : 'their';
  switch (feeTypeOf(words.payload)) {
    case 'full':
      return ` at ${whose} full booking fee (${more} more to pay)`;
    case 'special':
      return ` at a special price (${more} more to pay)`;
    default:
      return ' with no extra fee';
  }
}

/** The acceptance of a pitch ('pitch-accepted', shown as 'accepted'). */
export const pitchAccepted = (words: PitchWords) =>
  words.byViewer
    ? `You accepted the pitch${feeWords(words)}`
    : `${words.actor} accepted your pitch${feeWords(words)}`;

export const PITCH_SENTENCES = {
  'extra-payment': (words: PitchWords) => {
    const paid = formatCents(amountOf(words.payload));
    return words.byViewer ? `You paid the extra ${paid}` : `${words.actor} paid the extra ${paid}`;
  },
  'pitch-fee-changed': (words: PitchWords) =>
    words.byViewer
      ? `You changed the fee${feeWords(words)}`
      : `${words.actor} changed the fee${feeWords(words)}`,
  // Worded by pitchSteps.
  'action-extra-payment': () => '',
};

/** What a pitch entry carries besides its sentence. */
export function pitchProperties(payload: Record<string, unknown>): Properties {
  const feeType = feeTypeOf(payload);
  const reason = typeof payload.reason === 'string' ? payload.reason : null;
  return {
    amount: amountOf(payload),
    ...(feeType ? { fee_type: feeType } : {}),
    ...(reason ? { reason } : {}),
  };
}

/**
 * The extra payment still owed (action-extra-payment): the initiator is asked to pay it, the
 * invitee reads that it is awaited. The dates step waits for it (action-rules.ts).
 */
export function pitchSteps(
  booking: ViewedBooking,
  viewer: ProfileSide,
  initiatorName: string,
): BookingTimelineEntry[] {
  if (booking.status !== 'accepted' || booking.extra_payment_status !== 'pending') return [];
  const amount = formatCents(booking.extra_fee);
  return [
    {
      id: 'action-extra-payment',
      type: 'action-extra-payment',
      description:
        viewer === booking.initiator
          ? `Pay the extra ${amount} to go on to the interview dates`
          : `Waiting for ${initiatorName} to pay the extra ${amount}`,
      created_at: (booking.accepted_at ?? booking.created_at).toISOString(),
      actor_side: viewer,
      actor_user_id: null,
      impersonator_id: null,
      by_viewer: true,
      properties: { amount: booking.extra_fee },
    },
  ];
}
