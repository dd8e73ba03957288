import { useEffect, useRef, useState } from 'react';
import {
  Button,
  EmptyState,
  ErrorState,
  Pagination,
  Skeleton,
  SkeletonGroup,
  TextField,
} from '@guestspot/shared-ui';
import { currentMonth, viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { serverMessage, useCurrentUser } from '@guestspot/shared-api';
import type { PaymentSort, PaymentType } from '@guestspot/shared-api/payments';
import { MonthSwitcher } from '../../../components/month-switcher';
import { usePayments } from '../hooks/use-payments';
import { PaymentsSummary } from './payments-summary';
import { PaymentsTable } from './payments-table';
import '../../../components/list-page.css';
import './payments.css';

/** Spec §8 "Payments load fails": the server's message, else this (the spec's own spelling). */
export const PAYMENTS_LOAD_FAILED = 'An error occured while trying to fetch payments.';
/** Spec §9: the default sort. */
const DEFAULT_SORT: PaymentSort = '-payment_date';
const SEARCH_DELAY_MS = 500;

const TYPES: { value: PaymentType | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'incoming', label: 'Incoming' },
  { value: 'outgoing', label: 'Outgoing' },
];

interface Filters {
  month: string;
  search: string;
  type: PaymentType | null;
  sort: PaymentSort;
  page: number;
}

/** Spec §9: a month change resets the type and the search and sorts by date, newest first. */
export function monthChanged(month: string): Filters {
  return { month, search: '', type: null, sort: DEFAULT_SORT, page: 1 };
}

function TypeFilter({
  type,
  onChange,
}: {
  type: PaymentType | null;
  onChange: (type: PaymentType | null) => void;
}) {
  return (
    <div className="gs-payments-page__types" role="group" aria-label="Type">
      {TYPES.map((option) => (
        <Button
          key={option.label}
          size="sm"
          variant={type === option.value ? 'primary' : 'secondary'}
          aria-pressed={type === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

/** The search box: sent once typing has stopped for 500 ms; cleared when the month changes. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      type="search"
      label="Search payments"
      placeholder="Name or order number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      containerClassName="gs-payments-page__search"
    />
  );
}

/**
 * /payments (spec §2 "Payments page"): Total Received, Total Paid and store credit; the month
 * with previous and next; search; All / Incoming / Outgoing; the payments sortable by date,
 * amount and to/from, paged; a receipt (PDF) for each paid payment. The figures are the
 * server's, read from the ledger (decision 119).
 */
export function PaymentsPage() {
  const user = useCurrentUser();
  const zone = viewerTimezone(user?.timezone);
  const [filters, setFilters] = useState<Filters>(() => monthChanged(currentMonth(zone)));
  const update = (patch: Partial<Filters>) =>
    setFilters((current) => ({ ...current, page: 1, ...patch }));
  const payments = usePayments({
    month: filters.month,
    search: filters.search,
    type: filters.type,
    sort: filters.sort,
    page: filters.page,
  });

  return (
    <section className="gs-page gs-payments-page" aria-labelledby="payments-title">
      <h1 id="payments-title" className="gs-page__title">
        Payments
      </h1>
      <PaymentsSummary totals={payments.data?.meta.totals} loading={payments.isPending} />
      <div className="gs-list-page__header">
        <MonthSwitcher
          month={filters.month}
          onChange={(month) => setFilters(monthChanged(month))}
        />
        <TypeFilter type={filters.type} onChange={(type) => update({ type })} />
      </div>
      <SearchBox value={filters.search} onSearch={(search) => update({ search })} />
      {payments.isPending ? (
        <SkeletonGroup label="Loading payments">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="block" height={56} className="gs-list-page__skeleton" />
          ))}
        </SkeletonGroup>
      ) : payments.isError ? (
        <ErrorState
          title={serverMessage(payments.error, PAYMENTS_LOAD_FAILED)}
          onRetry={() => void payments.refetch()}
          retryLabel="Reload"
          retrying={payments.isFetching}
        />
      ) : payments.data.data.length === 0 ? (
        <EmptyState title="No payments found" />
      ) : (
        <div aria-busy={payments.isPlaceholderData}>
          <PaymentsTable
            payments={payments.data.data}
            sort={filters.sort}
            onSort={(sort) => update({ sort })}
            zone={payments.data.meta.timezone}
          />
          <Pagination
            strip={5}
            currentPage={payments.data.meta.pagination.current_page}
            totalPages={payments.data.meta.pagination.total_pages}
            onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
          />
        </div>
      )}
    </section>
  );
}
