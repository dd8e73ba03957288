import { lazy, Suspense } from 'react';
import {
  Button,
  EmptyState,
  ErrorState,
  Pagination,
  Skeleton,
  SkeletonGroup,
} from '@guestspot/shared-ui';
import { useBookingList, useSeeBookings } from '../hooks/use-booking-list';
import { useBookingListState } from '../hooks/use-booking-list-state';
import type { BookingListState } from '../lib/list-state';
import { MonthSwitcher } from '../../../components/month-switcher';
import { BookingFilters } from './booking-filters';
import { BookingList } from './booking-list';
import { BookingStatsCards } from './booking-stats';
import { ExportButton } from './export-button';
import '../../../components/list-page.css';
import './bookings.css';

// The calendar is its own chunk: a visit to the list does not download it.
const BookingsCalendar = lazy(() =>
  import('./bookings-calendar').then((module) => ({ default: module.BookingsCalendar })),
);

/** List or calendar (spec §2): two toggle buttons, the choice kept in the URL. */
function ViewToggle({ state, update }: Pick<Props, 'state' | 'update'>) {
  return (
    <div className="gs-bookings-page__views" role="group" aria-label="View">
      {(['list', 'calendar'] as const).map((view) => (
        <Button
          key={view}
          variant={state.view === view ? 'primary' : 'secondary'}
          aria-pressed={state.view === view}
          onClick={() => update({ view, page: state.page })}
        >
          {view === 'list' ? 'List' : 'Calendar'}
        </Button>
      ))}
    </div>
  );
}

interface Props {
  state: BookingListState;
  update: ReturnType<typeof useBookingListState>['update'];
  zone: string;
}

function ListView({ state, update, zone }: Props) {
  const bookings = useBookingList(state);
  useSeeBookings(bookings.isSuccess);
  if (bookings.isPending) {
    return (
      <SkeletonGroup label="Loading bookings">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="block" height={72} className="gs-list-page__skeleton" />
        ))}
      </SkeletonGroup>
    );
  }
  if (bookings.isError) {
    return (
      <ErrorState
        title="The bookings could not be loaded."
        message="Check your connection and try again."
        onRetry={() => void bookings.refetch()}
        retryLabel="Reload"
        retrying={bookings.isFetching}
      />
    );
  }
  const { data, meta } = bookings.data;
  if (data.length === 0) {
    return (
      <EmptyState
        title="No bookings found."
        action={
          <Button
            variant="secondary"
            onClick={() => void bookings.refetch()}
            loading={bookings.isFetching}
          >
            Reload
          </Button>
        }
      />
    );
  }
  return (
    <div aria-busy={bookings.isPlaceholderData}>
      <BookingList bookings={data} zone={zone} />
      <Pagination
        strip={5}
        currentPage={meta.pagination.current_page}
        totalPages={meta.pagination.total_pages}
        onPageChange={(page) => update({ page })}
      />
    </div>
  );
}

/**
 * /bookings (spec §2 "Bookings list page"): the stats cards, the filters, the list or the
 * calendar, pagination and the export. Filters, sort, view and page live in the URL.
 */
export function BookingsPage() {
  const { state, update, zone } = useBookingListState();
  return (
    <section className="gs-page gs-bookings-page" aria-labelledby="bookings-title">
      <div className="gs-list-page__header">
        <h1 id="bookings-title" className="gs-page__title">
          Bookings
        </h1>
        <div className="gs-bookings-page__tools">
          <ViewToggle state={state} update={update} />
          <ExportButton />
        </div>
      </div>
      <BookingStatsCards />
      <div className="gs-bookings-page__bar">
        <MonthSwitcher month={state.month} onChange={(month) => update({ month })} />
      </div>
      <BookingFilters state={state} update={update} />
      {state.view === 'calendar' ? (
        <Suspense
          fallback={
            <SkeletonGroup label="Loading the calendar">
              <Skeleton variant="block" height={320} />
            </SkeletonGroup>
          }
        >
          <BookingsCalendar month={state.month} bookedBy={state.bookedBy} zone={zone} />
        </Suspense>
      ) : (
        <ListView state={state} update={update} zone={zone} />
      )}
    </section>
  );
}
