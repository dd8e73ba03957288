import { useEffect, useId, useRef, useState } from 'react';
import { Button, Checkbox, Select, TextField } from '@guestspot/shared-ui';
import {
  BOOKING_SEARCH_DEBOUNCE_MS,
  BOOKING_STATUS_FILTER_IDS,
  type BookingSort,
  type BookingStatusFilter,
} from '@guestspot/shared-api/booking-list';
import { amountIsFiltered, MAX_AMOUNT_DOLLARS, type BookingListState } from '../lib/list-state';

export const statusFilterLabels: Record<BookingStatusFilter, string> = {
  is_pending: 'Pending',
  is_accepted: 'Accepted',
  is_scheduled: 'Scheduled',
  is_completed: 'Completed',
  is_canceled: 'Canceled',
  is_expired: 'Expired',
};

const sortOptions: { value: BookingSort; label: string }[] = [
  { value: '-booking_date', label: 'Booking date, newest first' },
  { value: 'booking_date', label: 'Booking date, oldest first' },
  { value: '-created_at', label: 'Requested, newest first' },
  { value: 'created_at', label: 'Requested, oldest first' },
  { value: '-price', label: 'Amount, highest first' },
  { value: 'price', label: 'Amount, lowest first' },
];

const AMOUNT_STEP = 10;

/** `value` once it has stopped changing for `delay` ms (the search and the slider, spec §9). */
function useSettled<T>(value: T, delay: number, onSettled: (value: T) => void) {
  const latest = useRef(onSettled);
  latest.current = onSettled;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
}

const dollars = (amount: number) =>
  amount >= MAX_AMOUNT_DOLLARS ? `$${MAX_AMOUNT_DOLLARS.toLocaleString('en-US')}+` : `$${amount}`;

type Update = (patch: Partial<BookingListState>, options?: { replace?: boolean }) => void;

/**
 * Spec §2 "Filters": statuses, free-text search (sent 500 ms after the last key), the amount
 * slider up to $1,000 (sent in cents; at its top there is no upper bound), booked by me or by
 * others, and the sort. Everything lives in the URL (use-booking-list-state.ts).
 */
export function BookingFilters({ state, update }: { state: BookingListState; update: Update }) {
  const listOnly = state.view === 'list';
  const [search, setSearch] = useState(state.search);
  const [amount, setAmount] = useState({ min: state.minAmount, max: state.maxAmount });
  const amountId = useId();
  useSettled(search, BOOKING_SEARCH_DEBOUNCE_MS, (text) => {
    if (text !== state.search) update({ search: text }, { replace: true });
  });
  useSettled(amount, BOOKING_SEARCH_DEBOUNCE_MS, (range) => {
    if (range.min === state.minAmount && range.max === state.maxAmount) return;
    update({ minAmount: range.min, maxAmount: range.max }, { replace: true });
  });
  // Back/forward or Clear filters: the controls follow the URL.
  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(
    () => setAmount({ min: state.minAmount, max: state.maxAmount }),
    [state.minAmount, state.maxAmount],
  );

  const toggleStatus = (id: BookingStatusFilter, on: boolean) =>
    update({
      statuses: on ? [...state.statuses, id] : state.statuses.filter((status) => status !== id),
    });
  const filtered =
    state.statuses.length > 0 ||
    state.search !== '' ||
    state.bookedBy !== null ||
    amountIsFiltered(state);

  return (
    <div className="gs-booking-filters">
      {listOnly ? (
        <>
          <TextField
            type="search"
            label="Search bookings"
            placeholder="Name or order number"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            containerClassName="gs-booking-filters__search"
          />
          <fieldset className="gs-booking-filters__statuses">
            <legend>Status</legend>
            {BOOKING_STATUS_FILTER_IDS.map((id) => (
              <Checkbox
                key={id}
                label={statusFilterLabels[id]}
                checked={state.statuses.includes(id)}
                onChange={(event) => toggleStatus(id, event.target.checked)}
              />
            ))}
          </fieldset>
          <fieldset className="gs-booking-filters__amount" aria-describedby={amountId}>
            <legend>Amount</legend>
            <output id={amountId} className="gs-booking-filters__amount-value">
              {dollars(amount.min)} – {dollars(amount.max)}
            </output>
            <label className="gs-booking-filters__range">
              <span>Minimum amount</span>
              <input
                type="range"
                min={0}
                max={MAX_AMOUNT_DOLLARS}
                step={AMOUNT_STEP}
                value={amount.min}
                aria-valuetext={dollars(amount.min)}
                onChange={(event) => {
                  const min = Number(event.target.value);
                  setAmount((range) => ({ min, max: Math.max(min, range.max) }));
                }}
              />
            </label>
            <label className="gs-booking-filters__range">
              <span>Maximum amount</span>
              <input
                type="range"
                min={0}
                max={MAX_AMOUNT_DOLLARS}
                step={AMOUNT_STEP}
                value={amount.max}
                aria-valuetext={dollars(amount.max)}
                onChange={(event) => {
                  const max = Number(event.target.value);
                  setAmount((range) => ({ min: Math.min(range.min, max), max }));
                }}
              />
            </label>
          </fieldset>
        </>
      ) : null}
      <Select
        label="Booked by"
        value={state.bookedBy ?? ''}
        options={[
          { value: '', label: 'Anyone' },
          { value: 'me', label: 'Booked by me' },
          { value: 'others', label: 'Booked by others' },
        ]}
        onChange={(event) => {
          const value = event.target.value;
          update({ bookedBy: value === 'me' || value === 'others' ? value : null });
        }}
        containerClassName="gs-booking-filters__booked-by"
      />
      {listOnly ? (
        <Select
          label="Sort by"
          value={state.sort}
          options={sortOptions}
          onChange={(event) => {
            const sort = sortOptions.find((option) => option.value === event.target.value);
            if (sort) update({ sort: sort.value });
          }}
          containerClassName="gs-booking-filters__sort"
        />
      ) : null}
      {filtered ? (
        <Button
          variant="ghost"
          className="gs-booking-filters__clear"
          onClick={() =>
            update({
              statuses: [],
              search: '',
              bookedBy: null,
              minAmount: 0,
              maxAmount: MAX_AMOUNT_DOLLARS,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
