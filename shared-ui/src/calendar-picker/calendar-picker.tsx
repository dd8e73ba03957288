import { useRef, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { MAX_PROPOSED_DATES } from '@guestspot/shared-api/booking-facts';
// The root entry by its name, like the recorder: one copy of each component (decision 079).
import {
  Button,
  cx,
  ErrorState,
  IconChevronLeft,
  IconChevronRight,
  Spinner,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import {
  currentMonth,
  formatDay,
  formatMonth,
  formatPick,
  formatSlotTime,
  isFutureSlot,
  localDayOf,
  monthGrid,
  shiftMonth,
  togglePick,
  type CalendarPickerMode,
  type CalendarSlot,
} from './calendar-dates';
import './calendar-picker.css';

export const CALENDAR_PICKER_DEFAULTS = {
  loadError: 'The available times could not be loaded.',
  loadingLabel: 'Loading available times',
} as const;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const ARROW_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -7,
  ArrowDown: 7,
};

export type CalendarPickerProps = Omit<ComponentProps<'div'>, 'children' | 'onChange'> & {
  /** Shown under the picks: the caller's message about them (none picked, a time refused). */
  children?: ReactNode;
  /** The month shown, 'YYYY-MM' in the viewer's zone. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The month's free starts by the viewer's local date 'YYYY-MM-DD' (the slots call's answer). */
  slotsByDay?: Record<string, CalendarSlot[]>;
  loading?: boolean;
  /** The slots failed to load: true, or the message to show. */
  error?: boolean | string;
  /** Shows Retry on the error. */
  onRetry?: () => void;
  /** Picked starts, UTC 'YYYY-MM-DD HH:mm:ss', oldest first. */
  picks: string[];
  onPicksChange: (picks: string[]) => void;
  /** multiple: up to MAX_PROPOSED_DATES (a fourth drops the oldest); single: one. */
  mode?: CalendarPickerMode;
  /** The viewer's IANA timezone: days and times are shown in it. */
  zone: string;
  /** The first month that may be shown (Previous month is disabled there); default: now's. */
  minMonth?: string;
  /** Level of the month and picks headings, to fit the page outline (2 on a page, 3 in a dialog). */
  headingLevel?: 2 | 3;
};

/**
 * A month of free times to pick from: a month grid (days without a free time disabled), the
 * chosen day's times as toggle buttons, and the picks as cards (multiple: one per proposal up to
 * three, the empty ones as placeholders). Presentational: the caller loads the month's slots and
 * keeps the picks; times already started are never offered.
 */
export function CalendarPicker({
  month,
  onMonthChange,
  slotsByDay,
  loading = false,
  error = false,
  onRetry,
  picks,
  onPicksChange,
  mode = 'multiple',
  zone,
  minMonth,
  headingLevel = 2,
  className,
  children,
  ...props
}: CalendarPickerProps) {
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const nextMonthButton = useRef<HTMLButtonElement>(null);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const firstMonth = minMonth ?? currentMonth(zone);
  const monthLabel = formatMonth(month);
  const now = new Date();
  const freeByDay = new Map(
    Object.entries(slotsByDay ?? {}).map(([date, list]) => [
      date,
      list.filter((slot) => isFutureSlot(slot, now)),
    ]),
  );
  const grid = monthGrid(month);
  const hasFreeDay = grid.some((date) => date && (freeByDay.get(date)?.length ?? 0) > 0);
  const ready = !loading && !error;
  // A day of another month (after Previous or Next) is no longer chosen.
  const day = ready && selectedDay?.startsWith(`${month}-`) ? selectedDay : null;
  const daySlots = day ? (freeByDay.get(day) ?? []) : [];
  const pickedDays = new Set(picks.map((utc) => localDayOf(utc, zone)));
  const state = loading ? 'loading' : error ? 'error' : 'ready';

  const changeMonth = (by: number) => {
    const shown = shiftMonth(month, by);
    setSelectedDay(null);
    onMonthChange(shown);
    // Previous month is about to be disabled under the keyboard's focus: Next keeps it.
    if (shown <= firstMonth) nextMonthButton.current?.focus();
  };

  // Arrow keys move between the days that can be chosen (Tab still reaches each).
  const onDayKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROW_STEPS[event.key];
    const from = event.currentTarget.dataset.date;
    const days = event.currentTarget.parentElement;
    if (!step || !from || !days) return;
    const dates = grid.filter((date): date is string => date !== null);
    for (
      let index = dates.indexOf(from) + step;
      index >= 0 && index < dates.length;
      index += step
    ) {
      const button = days.querySelector<HTMLButtonElement>(`[data-date="${dates[index]}"]`);
      if (button && !button.disabled) {
        event.preventDefault();
        button.focus();
        return;
      }
    }
  };

  return (
    <div
      {...props}
      className={cx('gs-calendar-picker', className)}
      data-state={state}
      data-mode={mode}
    >
      <p className="gs-calendar-picker__hint">
        {mode === 'single'
          ? 'Choose one time.'
          : `Choose up to ${MAX_PROPOSED_DATES} times that suit you.`}{' '}
        Times are shown in {zone}.
      </p>
      <div className="gs-calendar-picker__month">
        <Button
          variant="ghost"
          aria-label="Previous month"
          disabled={month <= firstMonth}
          onClick={() => changeMonth(-1)}
        >
          <IconChevronLeft />
        </Button>
        <Heading className="gs-calendar-picker__month-label" aria-live="polite">
          {monthLabel}
        </Heading>
        <Button
          ref={nextMonthButton}
          variant="ghost"
          aria-label="Next month"
          onClick={() => changeMonth(1)}
        >
          <IconChevronRight />
        </Button>
      </div>
      {error ? (
        <ErrorState
          titleAs={headingLevel === 3 ? 'h4' : 'h3'}
          message={typeof error === 'string' ? error : CALENDAR_PICKER_DEFAULTS.loadError}
          onRetry={onRetry}
        />
      ) : loading ? (
        <div className="gs-calendar-picker__loading">
          <Spinner label={CALENDAR_PICKER_DEFAULTS.loadingLabel} />
        </div>
      ) : (
        <>
          <div
            className="gs-calendar-picker__grid"
            role="group"
            aria-label={`Days of ${monthLabel}`}
          >
            {WEEKDAYS.map((weekday) => (
              <span key={weekday} className="gs-calendar-picker__weekday" aria-hidden="true">
                {weekday}
              </span>
            ))}
            {grid.map((date, index) => {
              if (!date) return <span key={`pad-${index}`} aria-hidden="true" />;
              const free = (freeByDay.get(date)?.length ?? 0) > 0;
              const label = formatDay(date);
              return (
                <button
                  key={date}
                  type="button"
                  className="gs-calendar-picker__day"
                  data-date={date}
                  data-picked={pickedDays.has(date) || undefined}
                  disabled={!free}
                  aria-pressed={day === date}
                  aria-label={free ? label : `${label}, no times available`}
                  onClick={() => setSelectedDay(date)}
                  onKeyDown={onDayKeyDown}
                >
                  {Number(date.slice(8))}
                </button>
              );
            })}
          </div>
          {hasFreeDay ? null : (
            <p className="gs-calendar-picker__empty" role="status">
              No free times in {monthLabel}. Try the next month.
            </p>
          )}
        </>
      )}
      {day ? (
        <fieldset className="gs-calendar-picker__slots">
          <legend className="gs-calendar-picker__legend">Times on {formatDay(day)}</legend>
          {daySlots.length === 0 ? (
            <p className="gs-calendar-picker__empty">No free times are left on this day.</p>
          ) : null}
          {daySlots.map((slot) => {
            const picked = picks.includes(slot.utc);
            return (
              <button
                key={slot.utc}
                type="button"
                className="gs-calendar-picker__slot"
                aria-pressed={picked}
                onClick={() => onPicksChange(togglePick(picks, slot.utc, mode))}
              >
                {formatSlotTime(slot.utc, zone)}
              </button>
            );
          })}
        </fieldset>
      ) : null}
      <PickCards
        picks={picks}
        mode={mode}
        zone={zone}
        Heading={Heading}
        onRemove={(utc) => onPicksChange(picks.filter((pick) => pick !== utc))}
      />
      {children}
    </div>
  );
}

function PickCards({
  picks,
  mode,
  zone,
  Heading,
  onRemove,
}: {
  picks: string[];
  mode: CalendarPickerMode;
  zone: string;
  Heading: 'h2' | 'h3';
  onRemove: (utc: string) => void;
}) {
  const cards = mode === 'single' ? 1 : MAX_PROPOSED_DATES;
  const empty = Math.max(cards - picks.length, 0);
  return (
    <section className="gs-calendar-picker__picks-section">
      <Heading className="gs-calendar-picker__picks-title">
        {mode === 'single'
          ? 'Your chosen time'
          : `Your proposed times (${picks.length} of ${MAX_PROPOSED_DATES})`}
      </Heading>
      <ul
        className="gs-calendar-picker__picks"
        aria-label={mode === 'single' ? 'Chosen time' : 'Proposed times'}
      >
        {picks.map((utc) => {
          const label = formatPick(utc, zone);
          return (
            <li key={utc} className="gs-calendar-picker__card" data-state="chosen">
              <span className="gs-calendar-picker__card-time">{label}</span>
              <Button variant="ghost" size="sm" onClick={() => onRemove(utc)}>
                Remove<VisuallyHidden> {label}</VisuallyHidden>
              </Button>
            </li>
          );
        })}
        {/* Placeholders are drawn only: the heading already says how many are chosen. */}
        {Array.from({ length: empty }, (_, index) => (
          <li
            key={`empty-${index}`}
            className="gs-calendar-picker__card"
            data-state="empty"
            aria-hidden="true"
          >
            {mode === 'single' ? 'Not chosen yet' : `Date ${picks.length + index + 1} — not chosen`}
          </li>
        ))}
      </ul>
    </section>
  );
}
