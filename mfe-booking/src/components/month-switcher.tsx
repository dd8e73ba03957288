import { Button, IconChevronLeft, IconChevronRight } from '@guestspot/shared-ui';
import { formatMonth, shiftMonth } from '@guestspot/shared-ui/calendar-picker';
import './list-page.css';

/** The month of a list page (/bookings, /payments): previous, its name (announced), next. */
export function MonthSwitcher({
  month,
  onChange,
}: {
  /** 'YYYY-MM' */
  month: string;
  onChange: (month: string) => void;
}) {
  return (
    <div className="gs-list-page__month" role="group" aria-label="Month">
      <Button
        variant="ghost"
        size="sm"
        aria-label="Previous month"
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <IconChevronLeft aria-hidden="true" />
      </Button>
      <span className="gs-list-page__month-name" aria-live="polite">
        {formatMonth(month)}
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Next month"
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <IconChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
