// @guestspot/shared-ui/calendar-picker: the month grid and time picker of the booking flow's
// proposed dates and the booking page's calendar dialog, with its date helpers. Apart from the
// root (not shared itself: each app that uses it bundles it, like timezone-select), so that the
// pages that pick no time skip it.
export {
  CALENDAR_PICKER_DEFAULTS,
  CalendarPicker,
  type CalendarPickerProps,
} from './calendar-picker';
export {
  DATES_REQUIRED,
  UTC_FORMAT,
  currentMonth,
  formatAgreedDate,
  formatDay,
  formatDayTime,
  formatEntryTime,
  formatMonth,
  formatPick,
  formatSlotTime,
  formatTimeRange,
  isFutureSlot,
  localDayOf,
  monthGrid,
  monthOf,
  shiftMonth,
  toUtcDateTime,
  togglePick,
  utcToDate,
  viewerTimezone,
  type CalendarPickerMode,
  type CalendarSlot,
} from './calendar-dates';
