import { Type, type Static } from 'typebox';
import { Bool, Int, Nullable, Str, StringEnum } from './builders';
import { DataSchema } from './common';
import { PROFILE_SIDES } from '../booking-facts';

// Conversations and notifications (issue 31, decision 113): a booking's chat, the /messages
// inbox, the notifications strip, and the live event stream (GET /events). Every route declares
// these schemas; shared-api derives its types from them (decision 109).

const Time = () => Type.String();
const SideSchema = StringEnum(PROFILE_SIDES);

// ---- A booking's messages: GET/POST /bookings/{id}/messages, PUT …/{messageId}, PATCH …/read ----

/** booking-management… §5 and §9: messages are at most 300 characters. */
export const MAX_MESSAGE = 300;

/** One message of a booking's conversation, as its reader sees it. */
export const BookingMessageSchema = Type.Object({
  id: Int(),
  booking_id: Int(),
  /** plain text (never HTML) */
  body: Type.String(),
  created_at: Time(),
  /** set when its sender edited it */
  edited_at: Nullable(Time()),
  /** when the other side read it; null while unread */
  read_at: Nullable(Time()),
  /** the sender flagged it as "trying to update the booking date" (spec §5) */
  contains_schedule_link: Type.Boolean(),
  /** the reader's own side wrote it */
  is_mine: Type.Boolean(),
  sender: Type.Object({
    user_id: Int(),
    /** the profile's name as its side shows it (the guest's, or the show's) */
    name: Type.String(),
    imageUrl: Nullable(Type.String()),
    side: SideSchema,
    /** a team member writing for the profile's owner: the member's name; null otherwise */
    written_by: Nullable(Type.String()),
  }),
});
export type BookingMessage = Static<typeof BookingMessageSchema>;

export const BookingMessagesAnswerSchema = DataSchema(Type.Array(BookingMessageSchema));
export const BookingMessageAnswerSchema = DataSchema(BookingMessageSchema);

/** POST /bookings/{id}/messages: the text, 1 to 300 characters once trimmed. */
export const BookingMessageBodySchema = Type.Object({ body: Str({ min: 1, max: MAX_MESSAGE }) });

/** PUT /bookings/{id}/messages/{messageId}: edit one's own text, or flag it (either or both). */
export const BookingMessageUpdateSchema = Type.Object({
  body: Type.Optional(Str({ min: 1, max: MAX_MESSAGE })),
  contains_schedule_link: Type.Optional(Bool()),
});

/** PATCH /bookings/{id}/messages/read: how many of the other side's messages became read. */
export const MessagesReadAnswerSchema = DataSchema(Type.Object({ read: Int() }));

export type BookingMessagePayload = Static<typeof BookingMessageBodySchema>;
export type BookingMessageUpdatePayload = Static<typeof BookingMessageUpdateSchema>;

// ---- The inbox: GET /users/{id}/all-messages and /users/{id}/unread-messages ----

/** One booking's conversation in the inbox's list (booking-management… §2 "Messages inbox"). */
export const ConversationSchema = Type.Object({
  booking_id: Int(),
  booking_status: Type.String(),
  /** the other side */
  counterpart: Type.Object({
    type: SideSchema,
    id: Int(),
    name: Type.String(),
    imageUrl: Nullable(Type.String()),
  }),
  last_message: Type.Object({
    /** the text's first 50 characters (spec §9) */
    preview: Type.String(),
    created_at: Time(),
    is_mine: Type.Boolean(),
  }),
  /** the other side's messages the reader has not read */
  unread_count: Int(),
});
export type Conversation = Static<typeof ConversationSchema>;

/** Newest conversation first; only bookings with at least one message. */
export const ConversationsAnswerSchema = DataSchema(Type.Array(ConversationSchema));

/** The sidebar's Messages count and the dashboard's new-messages card. */
export const UnreadMessagesAnswerSchema = DataSchema(
  Type.Object({
    /** unread messages from the other sides, over every booking */
    count: Int(),
    /** bookings holding at least one of them */
    conversations: Int(),
  }),
);

// ---- Notifications: GET /notifications, PATCH /notifications/{id} ----

export const NOTIFICATION_TYPES = [
  'booking_request',
  'booking_accepted',
  'booking_rejected',
  'booking_canceled',
  'booking_expired',
  'new_message',
  'dates_proposed',
  'date_confirmed',
  'date_changed',
  'scheduling_link',
  // the completion questions (issue 32)
  'confirm_completed_booking',
  'confirm_scheduled_booking',
  // a pitch's extra fee paid, its fee changed, a recording sent from the booking page (decision 115)
  'extra_payment_paid',
  'pitch_fee_changed',
  'pitch_recording',
] as const;
export const NotificationTypeSchema = StringEnum(NOTIFICATION_TYPES);
export type NotificationType = Static<typeof NotificationTypeSchema>;

/** One notification (booking-management… §3 Notification), newest first. */
export const NotificationSchema = Type.Object({
  id: Int(),
  type: NotificationTypeSchema,
  read_at: Nullable(Time()),
  created_at: Time(),
  data: Type.Object({
    type: NotificationTypeSchema,
    booking_id: Int(),
    /** the reader stands on the booking's guest side / show side / is its initiator */
    is_guest: Type.Boolean(),
    is_show: Type.Boolean(),
    is_initiator: Type.Boolean(),
    show: Nullable(Type.Object({ id: Int(), name: Type.String() })),
    guest: Nullable(Type.Object({ id: Int(), name: Type.String() })),
    /** what the strip says */
    message: Type.String(),
  }),
});
export type Notification = Static<typeof NotificationSchema>;

/** GET /notifications: the reader's unread notifications (at most 20), newest first. */
export const NotificationsAnswerSchema = DataSchema(Type.Array(NotificationSchema));
export const NotificationAnswerSchema = DataSchema(NotificationSchema);

/** PATCH /notifications/{id}: read (dismissed) or, to revert, unread. */
export const NotificationUpdateSchema = Type.Object({ read: Type.Optional(Bool()) });
export type NotificationUpdatePayload = Static<typeof NotificationUpdateSchema>;

// ---- The live stream: GET /events (text/event-stream) ----

/**
 * What the stream pushes (each an SSE `event:` name with JSON `data:`, and an `id:` to resume
 * from with Last-Event-ID): something changed that the tab shows. The tab refetches what the
 * event names (its query keys); the stream carries no private content beyond ids and counts.
 */
export const LIVE_EVENT_TYPES = ['activity', 'message', 'notification', 'counts'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvents {
  /** a booking's timeline or state changed */
  activity: { booking_id: number };
  /** a message was written, edited or read in a booking's conversation */
  message: { booking_id: number };
  /** the reader's notifications changed */
  notification: { id: number };
  /** the badges: unread messages, new bookings, unread notifications */
  counts: { unread_messages: number; new_bookings: number; notifications: number };
}
