import type { NotificationType } from '../../contract';
import { formatCents } from '../billing/service';
import type { LoggedActivity } from './context';

// What the emails and the notifications strip say of a pitch's answer, its extra payment, a
// change of its fee and a recording sent from the booking page (decision 115). emails.ts and
// notifications.ts ask here for the activity types they do not word themselves. The reader is
// always the side that did not act, named `other`'s counterpart.

const amountOf = (activity: LoggedActivity) =>
  formatCents(typeof activity.payload.amount === 'number' ? activity.payload.amount : 0);

const quoted = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? `Their reason: “${value.trim()}”` : null;

/** ' at their full booking fee' / ' at a special price' / ''. */
function feeWords(activity: LoggedActivity): string {
  if (activity.payload.fee_type === 'full') return ' at their full booking fee';
  if (activity.payload.fee_type === 'special') return ' at a special price';
  return '';
}

const feeAsked = (activity: LoggedActivity) =>
  activity.payload.fee_type === 'full' || activity.payload.fee_type === 'special';

const recordingOf = (activity: LoggedActivity) =>
  activity.type === 'video-pitch' ? 'a video pitch' : 'an audio pitch';

/** The email of a pitch activity to the side that did not act; null for other types. */
export function pitchEmail(
  activity: LoggedActivity,
  other: string,
): { subject: string; lines: (string | null)[] } | null {
  switch (activity.type) {
    case 'pitch-accepted':
      return {
        subject: `${other} accepted your pitch${feeWords(activity)}`,
        lines: feeAsked(activity)
          ? [
              `Good news: ${other} accepted your pitch${feeWords(activity)}.`,
              `Pay the extra ${amountOf(activity)} on the booking page, then agree on the interview date.`,
            ]
          : [
              `Good news: ${other} accepted your pitch.`,
              'Next, agree on the interview date on the booking page.',
            ],
      };
    case 'extra-payment':
      return {
        subject: `${other} paid the extra fee`,
        lines: [
          `${other} paid the extra ${amountOf(activity)} for your interview.`,
          'Next, agree on the interview date on the booking page.',
        ],
      };
    case 'pitch-fee-changed':
      return {
        subject: `${other} changed the fee for your pitch`,
        lines: [
          feeAsked(activity)
            ? `${other} now asks${feeWords(activity)}: ${amountOf(activity)} more to pay on the booking page.`
            : `${other} no longer asks for an extra fee. Next, agree on the interview date.`,
          quoted(activity.payload.reason),
        ],
      };
    case 'video-pitch':
    case 'audio-pitch':
      return {
        subject: `${other} sent you ${recordingOf(activity)}`,
        lines: [`${other} sent you ${recordingOf(activity)}. Watch or listen on the booking page.`],
      };
    default:
      return null;
  }
}

/** The strip's kind of a pitch activity; null for other types. */
export function pitchNotificationType(type: string): NotificationType | null {
  switch (type) {
    case 'pitch-accepted':
      return 'booking_accepted';
    case 'extra-payment':
      return 'extra_payment_paid';
    case 'pitch-fee-changed':
      return 'pitch_fee_changed';
    case 'video-pitch':
    case 'audio-pitch':
      return 'pitch_recording';
    default:
      return null;
  }
}

/** What the strip says of a pitch activity; null for other types. */
export function pitchNotice(activity: LoggedActivity, other: string): string | null {
  switch (activity.type) {
    case 'pitch-accepted':
      return feeAsked(activity)
        ? `${other} accepted your pitch${feeWords(activity)}: pay the extra ${amountOf(activity)}`
        : `${other} accepted your pitch`;
    case 'extra-payment':
      return `${other} paid the extra ${amountOf(activity)}`;
    case 'pitch-fee-changed':
      return feeAsked(activity)
        ? `${other} changed the fee: ${amountOf(activity)} more to pay`
        : `${other} no longer asks for an extra fee`;
    case 'video-pitch':
    case 'audio-pitch':
      return `${other} sent you ${recordingOf(activity)}`;
    default:
      return null;
  }
}
