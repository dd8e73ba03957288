import { Skeleton, VisuallyHidden } from '@guestspot/shared-ui';
import { useBookingStats } from '../hooks/use-booking-list';

/**
 * Spec §2 and §3: the stats cards. The third is titled 'Canceled Bookings' and shows the
 * completed count: the spec's screen disagrees with itself and is followed as shown (decision
 * 117). A failed load is a silent flag (§8): the figures read '–'.
 */
export function BookingStatsCards() {
  const stats = useBookingStats();
  const cards = [
    { title: 'Confirmed Bookings', value: stats.data?.confirmed },
    { title: 'Pending Bookings', value: stats.data?.pending },
    { title: 'Canceled Bookings', value: stats.data?.completed },
  ];
  return (
    <ul className="gs-list-page__stats" aria-label="Booking stats" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <li key={card.title} className="gs-list-page__stat">
          <span className="gs-list-page__stat-title">{card.title}</span>
          {stats.isPending ? (
            <Skeleton variant="text" width={48} height={32} />
          ) : (
            <span className="gs-list-page__stat-figure">
              {card.value ?? (
                <>
                  <span aria-hidden="true">–</span>
                  <VisuallyHidden>not available</VisuallyHidden>
                </>
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
