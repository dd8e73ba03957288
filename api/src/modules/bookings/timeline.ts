import type { BookingTimelineEntry, TimelineEntryType } from '../../contract';
import type { DB } from '../../db/database';
import { messagesOfBooking, type MessageRow } from '../messages/queries';
import { mediaUrl } from '../uploads/service';
import { hasAgreedDate, openProposals, type ViewedBooking } from './action-rules';
import { completionSentence } from './completion-timeline';
import { otherSide } from './lifecycle';
import { PITCH_SENTENCES, pitchAccepted, pitchProperties, pitchSteps } from './pitch-timeline';
import type { ProfileSide } from '../../booking-facts';

// A booking's timeline as the viewer reads it (booking-management… §2 "Activity feed", §4
// "Timeline filtering", decision 111): each booking_activities row as an entry of the spec's
// types, worded for the viewer's side (invitee or initiator), then the pending steps someone
// still has to take. Dates stay out of the wording: the browser formats `created_at` and
// `properties.date` in the viewer's zone. GET /bookings/{id}/activities and the booking page's
// `timeline` are this one function.

export type TimelineOrder = 'asc' | 'desc';

type Properties = BookingTimelineEntry['properties'];

interface ActivityRow {
  id: number;
  type: string;
  actor_side: 'guest' | 'show' | 'system';
  actor_user_id: number | null;
  impersonator_id: number | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** Who reads the timeline: their side, and the names the wording uses. */
interface Reader {
  booking: ViewedBooking;
  viewer: ProfileSide;
  /** the booking's messages by id, for its 'message' entries */
  messages: ReadonlyMap<number, MessageRow>;
}

const nameOf = (booking: ViewedBooking, side: ProfileSide) =>
  side === 'guest' ? booking.guest_name : booking.show_name;

/** What a sentence needs: whether the viewer's side did it, and the names involved. */
interface Words {
  byViewer: boolean;
  /** the acting side's profile name ('' for the system) */
  actor: string;
  /** the viewer's counterpart's profile name */
  counterpart: string;
  payload: Record<string, unknown>;
  /** the type as stored (for the generic entries) */
  stored: string;
  booking: ViewedBooking;
  /** a 'message' entry's message */
  message: MessageRow | undefined;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "You …" when the viewer's side did it, "{name} …" otherwise (`theirs` when it differs). */
const either = (words: Words, mine: string, theirs = mine) =>
  words.byViewer ? `You ${mine}` : `${words.actor} ${theirs}`;

const requestOf = (words: Words) =>
  words.payload.is_pitch === true ||
  (words.payload.is_pitch === undefined && words.booking.is_pitch)
    ? 'a pitch'
    : 'a booking request';

/** A pitch's own entry: a label over its text or recording. */
const pitchWords = (kind: string) => (words: Words) =>
  words.byViewer ? `Your ${kind}` : `${kind[0]?.toUpperCase()}${kind.slice(1)} from ${words.actor}`;

/** The sentence of each recorded entry type, for the viewer. */
const SENTENCES: Record<TimelineEntryType, (words: Words) => string> = {
  'order-started': (words) =>
    words.byViewer
      ? `You sent ${words.counterpart} ${requestOf(words)}`
      : `${words.actor} sent you ${requestOf(words)}`,
  text_pitch: pitchWords('pitch'),
  audio_pitch: pitchWords('audio pitch'),
  video_pitch: pitchWords('video pitch'),
  proposed_dates: (words) => {
    const dates = count(texts(words.payload.dates).length, 'date', 'dates');
    return words.payload.rescheduled === true
      ? either(words, `asked to reschedule and proposed ${dates}`)
      : either(words, `proposed ${dates}`);
  },
  accepted: (words) =>
    words.stored === 'pitch-accepted'
      ? pitchAccepted(words)
      : either(words, 'accepted the booking', 'accepted your booking'),
  rejected: (words) =>
    either(words, 'rejected the booking request', 'rejected your booking request'),
  canceled: (words) => either(words, 'canceled the booking'),
  expired: (words) =>
    words.booking.payment_status === 'none'
      ? 'The request expired without an answer.'
      : 'The request expired without an answer. The card hold was released.',
  confirmed: (words) =>
    words.actor === ''
      ? 'The interview date was confirmed'
      : either(words, 'confirmed the interview date'),
  updated: (words) =>
    words.actor === ''
      ? 'The interview date was changed'
      : either(words, 'changed the interview date'),
  message_intent: (words) => either(words, 'shared a scheduling link to agree the interview date'),
  // A team member (or an impersonator) writing for the profile's owner is named on both sides.
  message: (words) =>
    words.message?.written_by
      ? `${words.message.written_by} wrote for ${words.actor}`
      : either(words, 'wrote'),
  // Pending steps are worded by pendingSteps.
  'action-accept-reject': () => '',
  'action-pick-dates': () => '',
  action: () => '',
  ...PITCH_SENTENCES,
  generic: (words) => genericSentence(words),
};

/** Stored types with no entry type of their own. */
function genericSentence(words: Words): string {
  // after the interview: completion, payouts, no-shows (decision 116)
  const completion = completionSentence(words);
  if (completion) return completion;
  if (words.stored === 'miniview-answers') {
    const answers = count(Number(words.payload.count) || 0, 'question', 'questions');
    return either(words, `answered ${answers} of the MINIVIEW`);
  }
  if (words.actor === '') return 'The booking was updated';
  return either(words, 'updated the booking');
}

const SAME_NAMED: readonly string[] = [
  'order-started',
  'proposed_dates',
  'accepted',
  'rejected',
  'canceled',
  'expired',
  'message',
];

/** The stored activity type as the spec's timeline entry type. */
function entryTypeOf(row: ActivityRow): TimelineEntryType {
  switch (row.type) {
    case 'text-pitch':
      return 'text_pitch';
    case 'audio-pitch':
      return 'audio_pitch';
    case 'video-pitch':
      return 'video_pitch';
    case 'confirmed':
      return row.payload.updated === true ? 'updated' : 'confirmed';
    case 'scheduling-link':
      return 'message_intent';
    case 'pitch-accepted':
      return 'accepted';
    case 'extra-payment':
    case 'pitch-fee-changed':
      return row.type;
    default:
      return SAME_NAMED.includes(row.type) ? (row.type as TimelineEntryType) : 'generic';
  }
}

/** A 'message' entry's message as it is now (edited, read, flagged since it was sent). */
function messageProperties(payload: Record<string, unknown>, message?: MessageRow): Properties {
  return {
    message_id: typeof payload.message_id === 'number' ? payload.message_id : 0,
    message: message?.body ?? '',
    edited_at: message?.edited_at?.toISOString() ?? null,
    read_at: message?.read_at?.toISOString() ?? null,
    written_by: message?.written_by ?? null,
    contains_schedule_link: message?.contains_schedule_link ?? false,
  };
}

/** What the entry carries besides its sentence. */
function propertiesOf(
  type: TimelineEntryType,
  payload: Record<string, unknown>,
  message?: MessageRow,
): Properties {
  const date = text(payload.date);
  const uuid = text(payload.media_uuid);
  switch (type) {
    case 'order-started':
      return {
        ...(typeof payload.amount === 'number' ? { amount: payload.amount } : {}),
        ...(typeof payload.is_pitch === 'boolean' ? { is_pitch: payload.is_pitch } : {}),
      };
    case 'text_pitch':
      return { message: text(payload.message) ?? '' };
    case 'audio_pitch':
    case 'video_pitch':
      return {
        media_url: uuid ? mediaUrl(uuid) : null,
        ...(text(payload.message) ? { message: text(payload.message) ?? '' } : {}),
      };
    case 'accepted':
    case 'extra-payment':
    case 'pitch-fee-changed':
      return payload.fee_type !== undefined || type !== 'accepted' ? pitchProperties(payload) : {};
    case 'proposed_dates':
      return { dates: texts(payload.dates) };
    case 'confirmed':
    case 'updated':
      return date ? { date } : {};
    case 'rejected':
    case 'canceled':
      return { reason: text(payload.reason) };
    case 'message_intent':
      return { scheduling_link: text(payload.url) ?? '' };
    case 'message':
      return messageProperties(payload, message);
    default:
      return {};
  }
}

/** One recorded activity as the viewer's entry. */
function recordedEntry(
  row: ActivityRow,
  { booking, viewer, messages }: Reader,
): BookingTimelineEntry {
  const type = entryTypeOf(row);
  const byViewer = row.actor_side === viewer;
  const message = type === 'message' ? messages.get(Number(row.payload.message_id)) : undefined;
  const words: Words = {
    byViewer,
    actor: row.actor_side === 'system' ? '' : nameOf(booking, row.actor_side),
    counterpart: nameOf(booking, otherSide(viewer)),
    payload: row.payload,
    stored: row.type,
    booking,
    message,
  };
  return {
    id: `activity-${row.id}`,
    type,
    description: SENTENCES[type](words),
    created_at: row.created_at.toISOString(),
    actor_side: row.actor_side,
    actor_user_id: row.actor_user_id,
    impersonator_id: row.impersonator_id,
    by_viewer: byViewer,
    properties: propertiesOf(type, row.payload, message),
  };
}

/** A step the viewer has to take, due since `since`. */
function step(
  type: 'action-accept-reject' | 'action-pick-dates' | 'action',
  viewer: ProfileSide,
  description: string,
  since: Date,
  properties: Properties = {},
): BookingTimelineEntry {
  return {
    id: type,
    type,
    description,
    created_at: since.toISOString(),
    actor_side: viewer,
    actor_user_id: null,
    impersonator_id: null,
    by_viewer: true,
    properties,
  };
}

/**
 * The steps the viewer still has to take (§4 "Timeline filtering"): none once the booking is
 * canceled, expired (or due to, before the sweep) or completed ("Actions show only while the booking is not canceled"), has
 * an agreed date or is scheduled without one. Accept/reject: the invitee's, until accepted (the
 * initiator never sees their own). Pick a date: the side that did not make the open proposals,
 * until one is confirmed. Choose dates: the guest's, once accepted with no proposal open.
 */
export function pendingSteps(
  { booking, viewer }: Pick<Reader, 'booking' | 'viewer'>,
  rows: readonly ActivityRow[],
  now: Date,
): BookingTimelineEntry[] {
  const due = booking.expires_at !== null && booking.expires_at <= now;
  const live = (booking.status === 'pending' && !due) || booking.status === 'accepted';
  if (!live || hasAgreedDate(booking) || booking.scheduled_without_date) return [];
  const steps: BookingTimelineEntry[] = [];
  const initiator = nameOf(booking, booking.initiator);
  if (
    booking.status === 'pending' &&
    booking.accepted_at === null &&
    viewer !== booking.initiator
  ) {
    const what = booking.is_pitch ? 'pitch' : 'booking request';
    const hold = booking.payment_status === 'authorized' ? ' and the card hold is released' : '';
    steps.push(
      step(
        'action-accept-reject',
        viewer,
        `Accept or reject ${initiator}'s ${what}. Unanswered, it expires${hold}.`,
        booking.created_at,
      ),
    );
  }
  const open = openProposals(booking);
  if (open.length > 0 && booking.proposed_by !== null && viewer !== booking.proposed_by) {
    const proposed = rows.filter((row) => row.type === 'proposed_dates').at(-1);
    steps.push(
      step(
        'action-pick-dates',
        viewer,
        `Pick one of the dates ${nameOf(booking, booking.proposed_by)} proposed`,
        proposed?.created_at ?? now,
        { dates: open.map((date) => new Date(date).toISOString()) },
      ),
    );
  }
  steps.push(...pitchSteps(booking, viewer, initiator));
  if (
    booking.status === 'accepted' &&
    open.length === 0 &&
    viewer === 'guest' &&
    booking.extra_payment_status !== 'pending'
  ) {
    steps.push(
      step('action', viewer, 'Choose dates for the interview', booking.accepted_at ?? now),
    );
  }
  return steps;
}

async function activitiesOf(db: DB, bookingId: number): Promise<ActivityRow[]> {
  return db
    .selectFrom('booking_activities')
    .select([
      'id',
      'type',
      'actor_side',
      'actor_user_id',
      'impersonator_id',
      'payload',
      'created_at',
    ])
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The booking's timeline for a viewer reading it as `viewer`: what happened, oldest first, then
 * the pending steps; `desc` is the same list newest first (the steps on top).
 */
export async function timelineFor(
  db: DB,
  booking: ViewedBooking,
  viewer: ProfileSide,
  now: Date,
  order: TimelineOrder = 'asc',
): Promise<BookingTimelineEntry[]> {
  const rows = await activitiesOf(db, booking.id);
  const messages = rows.some((row) => row.type === 'message')
    ? new Map((await messagesOfBooking(db, booking.id)).map((message) => [message.id, message]))
    : new Map<number, MessageRow>();
  const reader = { booking, viewer, messages };
  const entries = [
    ...rows.map((row) => recordedEntry(row, reader)),
    ...pendingSteps(reader, rows, now),
  ];
  return order === 'asc' ? entries : entries.reverse();
}
