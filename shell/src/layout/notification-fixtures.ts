// Notifications shaped like GET /notifications answers, for the strip's tests and stories.
import type { Notification, NotificationType } from '@guestspot/shared-api';

export function makeNotification(
  id: number,
  type: NotificationType = 'booking_accepted',
  message = 'The Daily Pod accepted your booking request.',
  bookingId = 8,
): Notification {
  return {
    id,
    type,
    read_at: null,
    created_at: '2026-03-10T12:00:00Z',
    data: {
      type,
      booking_id: bookingId,
      is_guest: true,
      is_show: false,
      is_initiator: true,
      show: { id: 3, name: 'The Daily Pod' },
      guest: { id: 2, name: 'Ada Lovelace' },
      message,
    },
  };
}

/** Three unread ones, newest first, as the strip receives them. */
export const severalNotifications: Notification[] = [
  makeNotification(3, 'new_message', 'The Daily Pod sent you a message.'),
  makeNotification(2, 'dates_proposed', 'The Daily Pod proposed 3 dates for your interview.', 9),
  makeNotification(1, 'booking_accepted'),
];

export const completedQuestion = makeNotification(
  11,
  'confirm_completed_booking',
  'Did your interview with The Daily Pod happen?',
);

export const scheduledQuestion = makeNotification(
  12,
  'confirm_scheduled_booking',
  'Have you scheduled your interview with The Daily Pod?',
);
