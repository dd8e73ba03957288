import { api } from '@guestspot/shared-api';
import type { DataEnvelope, Notification, NotificationUpdatePayload } from './types';

// The notifications strip (booking-management… §2 "Notification flows", §7, issue 31).

export type { Notification, NotificationType } from './types';

/** GET /notifications: the unread ones, newest first. */
export async function getNotifications(): Promise<Notification[]> {
  const answer = await api.get('notifications').json<DataEnvelope<Notification[]>>();
  return answer.data;
}

/** PATCH /notifications/{id}: read (dismissed), or unread again to revert. */
export async function updateNotification(
  id: number,
  payload: NotificationUpdatePayload = { read: true },
): Promise<Notification> {
  const answer = await api
    .patch(`notifications/${id}`, { json: payload })
    .json<DataEnvelope<Notification>>();
  return answer.data;
}
