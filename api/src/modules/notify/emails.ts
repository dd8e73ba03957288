import { DateTime } from 'luxon';
import { otherSide, type ProfileSide } from '../../booking-facts';
import { formatCents } from '../billing/service';
import type { MailAttachment, MailMessage } from '../mail/mailer';
import { dateState, type DateState, type NotifyContext, type Party } from './context';
import { completionEmail } from './completion-words';
import { bookingLink, interviewEvent, invitationFile, mailbox } from './invitation';
import { pitchEmail } from './pitch-words';

// The emails a booking activity sends (decision 112): who is told, in words that name the other
// side's profile, with times in the reader's own time zone and a link to the booking's page; a
// date agreed, changed or withdrawn carries the calendar invitation (invite.ics).

export interface EmailSettings {
  /** the site's origin (APP_URL) */
  appUrl: string;
  /** MAIL_FROM: the invitations' organizer */
  mailFrom: string;
}

/** 'Tue 2 Dec, 3:00 PM' in the zone (UTC when the zone is unknown). */
export function formatTime(date: Date, zone: string): string {
  const local = DateTime.fromJSDate(date, { zone });
  return (local.isValid ? local : DateTime.fromJSDate(date, { zone: 'UTC' }))
    .setLocale('en-US')
    .toFormat('ccc d LLL, h:mm a');
}

const zoneNote = (reader: Party) =>
  `Times are in your time zone (${reader.timezone}); you can change it in your account settings.`;

const quoted = (reason: unknown) =>
  typeof reason === 'string' && reason.trim() !== '' ? `Their reason: “${reason.trim()}”` : null;

/** The activity of `type` recorded with this one (same transaction, hence the same time). */
function sameMoment(context: NotifyContext, type: string) {
  const at = context.activity.createdAt.getTime();
  return context.log.find((item) => item.type === type && item.createdAt.getTime() === at);
}

/** The proposals sent with the order (migration 040 sends them no email of their own). */
const openingProposals = (context: NotifyContext) =>
  datesIn(sameMoment(context, 'proposed_dates')?.payload);

function datesIn(payload: Record<string, unknown> | undefined): string[] {
  const dates = payload?.dates;
  return Array.isArray(dates)
    ? dates.filter((date): date is string => typeof date === 'string')
    : [];
}

/** Whether the booker's card was held for the booking (the order says what it put on the card). */
function cardWasHeld(context: NotifyContext): boolean {
  const order = context.log.find((item) => item.type === 'order-started')?.payload ?? {};
  return Number(order.card_amount ?? order.amount ?? 0) > 0;
}

interface Draft {
  subject: string;
  /** paragraphs; null ones are left out */
  lines: (string | null)[];
  attachment?: MailAttachment;
}

/** Who hears of the activity: the side that did not act (both for the system's acts). */
function recipientsOf(context: NotifyContext, state: DateState): ProfileSide[] {
  const { type, actorSide } = context.activity;
  const both: ProfileSide[] = ['guest', 'show'];
  if (type === 'confirmed' || type === 'expired') return both;
  // a withdrawn date: both get the invitation's cancellation
  if (type === 'canceled' && state.withdrawn) return both;
  return actorSide === 'system' ? both : [otherSide(actorSide)];
}

/** One email's words for `reader`, whose counterpart is the booking's other side. */
function draftFor(
  context: NotifyContext,
  reader: Party,
  state: DateState,
  settings: EmailSettings,
): Draft | null {
  const { activity, booking } = context;
  const other = context.parties[otherSide(reader.side)].profileName;
  const when = (date: Date) => formatTime(date, reader.timezone);
  const byReader = activity.actorSide === reader.side;
  const invitation = (method: 'REQUEST' | 'CANCEL') =>
    state.date
      ? invitationFile(
          interviewEvent(context, state.date, state.sequence, settings.appUrl),
          method,
          {
            stamp: activity.createdAt,
            organizer: mailbox(settings.mailFrom),
            recipient: reader,
          },
        )
      : undefined;

  switch (activity.type) {
    case 'order-started': {
      const amount = Number(activity.payload.amount ?? 0);
      const request = booking.isPitch ? 'pitch' : 'booking request';
      const proposals = openingProposals(context);
      return {
        subject:
          reader.side === 'guest'
            ? `${other} would like to interview you`
            : booking.isPitch
              ? `${other} pitched ${reader.profileName}`
              : `${other} would like to be a guest on ${reader.profileName}`,
        lines: [
          `${other} sent ${reader.side === 'guest' ? 'you' : reader.profileName} a ${request} on Guestspot${amount > 0 ? ` (${formatCents(amount)})` : ''}.`,
          proposals.length > 0
            ? ['Proposed times:', ...proposals.map((date) => `- ${when(new Date(date))}`)].join(
                '\n',
              )
            : null,
          booking.expiresAt
            ? `Answer by ${when(booking.expiresAt)} or this request expires${cardWasHeld(context) ? ' and the hold is released' : ''}.`
            : null,
        ],
      };
    }
    case 'accepted':
      // Accepted by confirming a date (one transaction): the 'confirmed' email tells both.
      if (sameMoment(context, 'confirmed')) return null;
      return {
        subject: `${other} accepted your booking request`,
        lines: [
          `Good news: ${other} accepted your booking request.`,
          'Next, agree on the interview date on the booking page.',
        ],
      };
    case 'rejected':
      return {
        subject: `${other} declined your booking request`,
        lines: [
          `${other} declined your booking request${cardWasHeld(context) ? ', and the hold on your card is released' : ''}.`,
          quoted(activity.payload.reason),
        ],
      };
    case 'canceled': {
      const dated = state.withdrawn && state.date ? ` on ${when(state.date.startsAt)}` : '';
      return {
        subject: byReader
          ? `You canceled the interview with ${other}`
          : activity.actorSide === 'system'
            ? `Your booking with ${other} was canceled`
            : `${other} canceled the booking`,
        lines: [
          byReader
            ? `You canceled the interview with ${other}${dated}.`
            : activity.actorSide === 'system'
              ? `Your booking with ${other}${dated} was canceled.`
              : `${other} canceled the booking${dated ? `, and the interview${dated} will not take place` : ''}.`,
          byReader ? null : quoted(activity.payload.reason),
          state.withdrawn
            ? 'The attached cancellation removes the interview from your calendar.'
            : null,
        ],
        attachment: state.withdrawn ? invitation('CANCEL') : undefined,
      };
    }
    case 'expired': {
      const deadline = booking.expiresAt ? ` by ${when(booking.expiresAt)}` : ' in time';
      const invited = reader.side !== booking.initiator;
      return {
        subject: invited
          ? `The booking request from ${other} expired`
          : `Your booking request to ${other} expired`,
        lines: [
          invited
            ? `The request from ${other} was not answered${deadline}, so it expired.`
            : `${other} did not answer${deadline}, so your request expired${cardWasHeld(context) ? ' and the hold on your card is released' : ''}.`,
        ],
      };
    }
    case 'proposed_dates': {
      const dates = datesIn(activity.payload);
      const moving =
        activity.payload.rescheduled === true || (state.date !== null && !state.withdrawn);
      return {
        subject: moving
          ? `${other} asked to reschedule the interview`
          : `${other} proposed interview times`,
        lines: [
          moving
            ? `${other} proposed new times for the interview:`
            : `${other} proposed these times for the interview:`,
          dates.map((date) => `- ${when(new Date(date))}`).join('\n'),
          moving && state.date
            ? `The interview stays on ${when(state.date.startsAt)} until you confirm one of them.`
            : 'Pick the one that suits you on the booking page.',
        ],
      };
    }
    case 'confirmed': {
      if (!state.date) return null;
      const at = when(state.date.startsAt);
      return {
        subject: state.changed
          ? `Interview with ${other} moved to ${at}`
          : `Interview with ${other} scheduled for ${at}`,
        lines: [
          state.changed
            ? `The interview date changed to ${at}.`
            : `The interview with ${other} is scheduled for ${at}.`,
          'The invitation is attached: open it to add the interview to your calendar.',
        ],
        attachment: invitation('REQUEST'),
      };
    }
    case 'scheduling-link': {
      const url = typeof activity.payload.url === 'string' ? activity.payload.url : null;
      if (!url) return null;
      return {
        subject: `${other} shared a scheduling link`,
        lines: [`${other} shared a link for choosing the interview time: ${url}`],
      };
    }
    default: {
      // After the interview (decision 116), else a pitch's answer, extra payment, fee change
      // or recording (decision 115).
      const completion = completionEmail(context, reader, settings.appUrl);
      return completion === undefined ? pitchEmail(activity, other) : completion;
    }
  }
}

/**
 * The emails of one activity: for each side to be told, its owner when they want booking emails
 * (users.email_notifications) and the owner's team members whose team email notifications are
 * on (decision 113), each in their own time zone. Worked out from the activity and the timeline
 * up to it only, so a retried send writes the same messages.
 */
export function activityEmails(context: NotifyContext, settings: EmailSettings): MailMessage[] {
  const state = dateState(context, context.activity.id);
  const link = bookingLink(settings.appUrl, context.booking.id);
  const sent = new Set<string>();
  return recipientsOf(context, state).flatMap((side) =>
    readersOf(context, side).flatMap((reader) => {
      // someone told on both sides, or as owner and member, gets one email
      if (sent.has(reader.email)) return [];
      sent.add(reader.email);
      const draft = draftFor(context, reader, state, settings);
      if (!draft) return [];
      const showsTimes = /\d:\d\d [AP]M/.test(draft.lines.join(' '));
      const text = [
        reader.firstName ? `Hi ${reader.firstName},` : 'Hi,',
        ...draft.lines.filter((line): line is string => line !== null),
        `See the booking: ${link}`,
        showsTimes ? zoneNote(reader) : null,
      ]
        .filter((line): line is string => line !== null)
        .join('\n\n');
      return [
        {
          to: reader.email,
          subject: draft.subject,
          text: `${text}\n`,
          ...(draft.attachment ? { attachments: [draft.attachment] } : {}),
        },
      ];
    }),
  );
}

/** Who reads a side's email: its owner (when they want them), then the team's readers. */
function readersOf(context: NotifyContext, side: ProfileSide): Party[] {
  const owner = context.parties[side];
  const members = context.team[side].map(
    (member): Party => ({ ...owner, ...member, emailNotifications: true }),
  );
  return [...(owner.emailNotifications ? [owner] : []), ...members];
}
