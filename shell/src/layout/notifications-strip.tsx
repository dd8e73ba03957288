import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useMutationState, useQuery } from '@tanstack/react-query';
import { queryKeys, useSessionStore } from '@guestspot/shared-api';
import { getNotifications, type Notification } from '@guestspot/shared-api/notifications';
import { LIVE_POLL_MS } from './live-session';

// The list is a chunk of its own, fetched once there is something to show: most pages of most
// sessions have no unread notification, and this strip is on every page of the signed-in area.
const NotificationList = lazy(async () => ({
  default: (await import('./notification-list')).NotificationList,
}));

/** What the strip says to screen readers when notifications arrive while the page is open. */
function arrivalAnnouncement(fresh: Notification[]): string {
  if (fresh.length === 0) return '';
  if (fresh.length === 1) return `New notification: ${fresh[0]?.data.message ?? ''}`;
  return `${fresh.length} new notifications`;
}

/**
 * Announces notifications that arrive after the first load (those present on arrival are read
 * in the region itself), politely, without moving focus.
 */
function useArrivals(unread: Notification[] | undefined): string {
  const seen = useRef<Set<number> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!unread) return;
    const known = seen.current;
    seen.current = new Set([...(known ?? []), ...unread.map((notification) => notification.id)]);
    if (!known) return;
    const fresh = unread.filter((notification) => !known.has(notification.id));
    if (fresh.length > 0) setAnnouncement(arrivalAnnouncement(fresh));
  }, [unread]);
  return announcement;
}

/** A chunk that cannot load leaves the strip out; the page under it stays. */
class StripBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The notifications strip on top of the signed-in area (booking-management… §2 "Notification
 * flows"): GET /notifications every 60 s (§7) and at once on the live stream's events. A
 * notification being marked read is left out at once (§4), and back if that fails.
 */
export function NotificationsStrip() {
  const userId = useSessionStore((state) => (state.authenticated ? state.user?.id : undefined));
  // Keyed by the user: another user's strip starts afresh (what was seen, what was announced).
  return userId === undefined ? null : <UserNotifications key={userId} />;
}

function UserNotifications() {
  const { data } = useQuery({
    queryKey: queryKeys.notifications,
    queryFn: getNotifications,
    refetchInterval: LIVE_POLL_MS,
  });
  // Marked read, the server not answered yet (notification-list.tsx's mutation).
  const marking = useMutationState({
    filters: { mutationKey: queryKeys.notifications, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  const unread = useMemo(
    () => data?.filter((notification) => notification.read_at === null),
    [data],
  );
  const shown = useMemo(
    () => unread?.filter((notification) => !marking.includes(notification.id)) ?? [],
    [unread, marking],
  );
  const announcement = useArrivals(unread);

  return (
    <>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {shown.length > 0 ? (
        <StripBoundary>
          <Suspense fallback={null}>
            <NotificationList notifications={shown} />
          </Suspense>
        </StripBoundary>
      ) : null}
    </>
  );
}
