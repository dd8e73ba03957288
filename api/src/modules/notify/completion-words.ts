import { otherSide, type ProfileSide } from '../../booking-facts';
import type { NotificationType } from '../../contract';
import { formatCents } from '../billing/service';
import type { NotifyContext, Party } from './context';
import { bookingLink } from './invitation';

// The words of the activities after the interview (decision 116; migration 046 gives them
// outbox rows): the show's questions (the strip's 'confirm_completed_booking' and
// 'confirm_scheduled_booking', and an email with the answers as links to the pages that run
// them), the completion, a payout waiting for its payee's payout account, a reschedule after
// the interview, and a no-show reported and resolved. emails.ts and notifications.ts ask here
// before their pitch words.

/**
 * The answers to "did it happen?" as the strip's buttons say them (booking-management… §2
 * 'confirm_completed_booking'): the email's links use the same words.
 */
const COMPLETION_ANSWER_WORDS = {
  confirm: 'It Happened',
  reschedule: 'Reschedule',
  cancel: 'Cancel Booking',
} as const;

interface CompletionDraft {
  subject: string;
  lines: (string | null)[];
}

const quoted = (text: unknown) =>
  typeof text === 'string' && text.trim() !== '' ? `Their words: “${text.trim()}”` : null;

const amountOf = (payload: Record<string, unknown>, key: string) => Number(payload[key] ?? 0);

/** The questions are the show's: its side only. */
function questionEmail(
  context: NotifyContext,
  reader: Party,
  other: string,
  appUrl: string,
): CompletionDraft | null {
  if (reader.side !== 'show') return null;
  const page = bookingLink(appUrl, context.booking.id);
  if (context.activity.type === 'scheduled-asked') {
    return {
      subject: `Is your interview with ${other} scheduled?`,
      lines: [
        `You agreed to schedule the interview with ${other} outside Guestspot. Is it scheduled?`,
        `Yes, it is scheduled: ${page}/confirm-scheduled`,
        `If it is not scheduled yet, say so on the booking page: ${page}`,
      ],
    };
  }
  const payee = context.parties[otherSide(context.booking.initiator)].profileName;
  return {
    subject: `Did your interview with ${other} take place?`,
    lines: [
      `Your interview with ${other} should have taken place by now. Did it happen?`,
      `${COMPLETION_ANSWER_WORDS.confirm}: ${page}/completed-action/confirm`,
      `${COMPLETION_ANSWER_WORDS.reschedule}: ${page}/completed-action/reschedule`,
      `${COMPLETION_ANSWER_WORDS.cancel}: ${page}/completed-action/cancel`,
      `If we do not hear from you within 7 days, the interview counts as having taken place and ${payee} is paid, as the terms say.`,
    ],
  };
}

/**
 * The booking completed: both sides are asked for their review of the other (the create-review
 * page, decision 114), and the payee hears of the payout to come.
 */
function completedEmail(
  context: NotifyContext,
  reader: Party,
  other: string,
  appUrl: string,
): CompletionDraft {
  const { activity, booking } = context;
  const counterpart = context.parties[otherSide(reader.side)];
  const review = `${appUrl.replace(/\/+$/, '')}/${counterpart.side === 'guest' ? 'guests' : 'shows'}/${counterpart.profileId}/create-review?booking=${booking.id}`;
  const payout = amountOf(activity.payload, 'payout');
  const payee = reader.side === otherSide(booking.initiator);
  return {
    subject: `Your interview with ${other} is completed`,
    lines: [
      activity.actorSide === 'system'
        ? `The interview with ${other} counts as having taken place (no answer came within 7 days), so the booking is completed.`
        : `${other} confirmed that the interview took place, so the booking is completed.`,
      payee && payout > 0
        ? `Your payout of ${formatCents(payout)} goes to your payout account.`
        : null,
      `How was it? Review ${other}: ${review}`,
    ],
  };
}

function noShowEmail(context: NotifyContext, reader: Party, other: string): CompletionDraft | null {
  const { activity, booking } = context;
  const reporter = reader.side === booking.initiator;
  if (activity.type === 'no-show-reported') {
    return {
      subject: `${other} reported that the interview did not take place`,
      lines: [
        `${other} reported that you did not show up for the interview. Our support team will look into it and may contact you; your payout for it is on hold meanwhile.`,
        quoted(activity.payload.details),
      ],
    };
  }
  const refunded = activity.payload.outcome === 'refunded';
  const refund = amountOf(activity.payload, 'refund');
  if (reporter) {
    return {
      subject: `Your no-show report about ${other}`,
      lines: [
        refunded
          ? `We looked into your report and refunded everything you paid, the service fee included${refund > 0 ? ` (${formatCents(refund)} to your card)` : ''}.`
          : 'We looked into your report and found that the interview took place, so the payment stands.',
      ],
    };
  }
  return {
    subject: `The no-show report about your interview with ${other}`,
    lines: [
      refunded
        ? `We looked into the report and refunded ${other}, so there is no payout for this interview.`
        : 'We looked into the report and found that the interview took place: your payout is released.',
    ],
  };
}

/** An activity of decision 116's email for `reader`; undefined when the type is not one. */
export function completionEmail(
  context: NotifyContext,
  reader: Party,
  appUrl: string,
): CompletionDraft | null | undefined {
  const { activity, booking } = context;
  const other = context.parties[otherSide(reader.side)].profileName;
  switch (activity.type) {
    case 'completion-asked':
    case 'scheduled-asked':
      return questionEmail(context, reader, other, appUrl);
    case 'completed':
      return completedEmail(context, reader, other, appUrl);
    case 'payout-pending': {
      if (reader.side !== otherSide(booking.initiator)) return null;
      const amount = formatCents(amountOf(activity.payload, 'amount'));
      return {
        subject: `Set up payouts to receive ${amount}`,
        lines: [
          `Your payout of ${amount} for the interview with ${other} is waiting: you have not set up payouts yet.`,
          `Set them up in your account settings: ${appUrl}/settings#payout. We send it as soon as they are ready. The terms give you 90 days after the interview.`,
        ],
      };
    }
    case 'completion-rescheduled':
      return {
        subject: `${other} asked to reschedule the interview`,
        lines: [
          `${other} said the interview did not take place and needs a new date. Propose new times on the booking page.`,
        ],
      };
    case 'no-show-reported':
    case 'no-show-resolved':
      return noShowEmail(context, reader, other);
    default:
      return undefined;
  }
}

/** The strip's notification of decision 116's activities: the questions, to the show. */
export function completionTelling(
  type: string,
): { type: NotificationType; sides: readonly ProfileSide[] } | null {
  if (type === 'completion-asked') return { type: 'confirm_completed_booking', sides: ['show'] };
  if (type === 'scheduled-asked') return { type: 'confirm_scheduled_booking', sides: ['show'] };
  return null;
}

/** What the strip says of a question (the reader is the show's side). */
export function completionWording(type: NotificationType, other: string): string | null {
  if (type === 'confirm_completed_booking') return `Did your interview with ${other} take place?`;
  if (type === 'confirm_scheduled_booking') return `Is your interview with ${other} scheduled?`;
  return null;
}
