import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  errorMessages,
  isApiError,
  queryKeys,
  serverMessage,
  useCurrentUser,
  type ApiError,
  type BookingDetail,
} from '@guestspot/shared-api';
import { getAvailabilitySlots } from '@guestspot/shared-api/booking-flow';
import { actOnBooking } from '@guestspot/shared-api/bookings';
import { Alert, Button, formatDate, Modal, toast } from '@guestspot/shared-ui';
import {
  CalendarPicker,
  DATES_REQUIRED,
  currentMonth,
  viewerTimezone,
} from '@guestspot/shared-ui/calendar-picker';

export type CalendarModalAction = 'propose-date' | 'reschedule' | 'change-date';

const texts: Record<
  CalendarModalAction,
  {
    title: string;
    description: (booking: BookingDetail, agreed: string | null) => string;
    done: string;
  }
> = {
  'propose-date': {
    title: 'Propose dates',
    description: (booking) => `${booking.counterpart.name} confirms one of the times you propose.`,
    done: 'Your dates were proposed.',
  },
  reschedule: {
    title: 'Re-Schedule Booking',
    description: (booking, agreed) =>
      `${agreed ? `The interview is set for ${agreed}. ` : ''}That date holds until ${booking.counterpart.name} confirms the new one.`,
    done: 'The new date was proposed.',
  },
  'change-date': {
    title: 'Change the interview date',
    description: (booking, agreed) =>
      `${agreed ? `The interview is set for ${agreed}. ` : ''}The new date is set at once and ${booking.counterpart.name} is told.`,
    done: 'The interview date was changed.',
  },
};

/**
 * The picks a refusal names: `proposed_dates.{i}` (the index into what was sent) and
 * `confirmed_date` (the one pick of a change of date); a 409 naming the bare field refuses them
 * all. Null when it names none (a 409 for the booking's state, a 422 on another field).
 */
function refusedPicks(error: ApiError, sent: string[]): string[] | null {
  const refused = new Set<string>();
  for (const field of Object.keys(error.fieldErrors)) {
    const index = /^proposed_dates\.(\d+)$/.exec(field)?.[1];
    if (index !== undefined && sent[Number(index)]) refused.add(sent[Number(index)]!);
    else if (field === 'confirmed_date') sent.forEach((pick) => refused.add(pick));
    else if (field === 'proposed_dates' && error.status === 409) {
      sent.forEach((pick) => refused.add(pick));
    }
  }
  return refused.size > 0 ? [...refused] : null;
}

/** Each field's first message, once: what a 422 says. */
function fieldMessages(error: ApiError): string[] {
  const firsts = Object.values(error.fieldErrors).map((messages) => messages[0]);
  return [...new Set(firsts.filter((message): message is string => Boolean(message)))];
}

/**
 * The booking page's calendar (spec §2, decision 111): the guest's free times in the viewer's
 * zone, up to three proposed (propose-date) or one (reschedule, change-date). A time taken
 * meanwhile (409) or no longer free (422) is dropped with the server's message and the month is
 * read again; the other picks stay and the dialog stays open.
 */
export function CalendarModal({
  booking,
  action,
  onClose,
}: {
  booking: BookingDetail;
  action: CalendarModalAction;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const zone = viewerTimezone(user?.timezone);
  const [month, setMonth] = useState(() => currentMonth(zone));
  const [picks, setPicks] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const client = useQueryClient();
  const guestId = booking.guest_profile.id;
  const duration = booking.interview_duration ?? undefined;
  const slots = useQuery({
    queryKey: queryKeys.availabilitySlots(guestId, month, zone, duration),
    queryFn: () => getAvailabilitySlots(guestId, { month, timezone: zone, duration }),
  });
  const save = useMutation({
    // The page's other actions wait while this one is sent (useActingOnBooking).
    mutationKey: queryKeys.booking(booking.id),
    mutationFn: (sent: string[]) =>
      actOnBooking(
        booking.id,
        action,
        action === 'change-date' ? { confirmed_date: sent[0] ?? '' } : { proposed_dates: sent },
      ),
    // Done or refused, the booking, its timeline and the lists are read again (all under
    // allBookings): a refusal for the booking's state means it moved meanwhile.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.allBookings }),
  });
  const text = texts[action];
  const agreed = booking.confirmed_date
    ? formatDate(booking.confirmed_date, 'date-time', { timeZone: zone })
    : null;

  const onSave = async () => {
    if (picks.length === 0) {
      setErrors([DATES_REQUIRED]);
      return;
    }
    setErrors([]);
    const sent = picks;
    try {
      await save.mutateAsync(sent);
    } catch (failure) {
      if (!isApiError(failure) || (failure.status !== 409 && failure.status !== 422)) {
        setErrors([serverMessage(failure, errorMessages.tryAgainLater)]);
        return;
      }
      const refused = refusedPicks(failure, sent);
      if (refused) {
        // Picked again from fresh slots: only the refused times go.
        setPicks((current) => current.filter((pick) => !refused.includes(pick)));
        void client.invalidateQueries({ queryKey: queryKeys.allAvailabilitySlots });
      }
      const said = failure.status === 422 ? fieldMessages(failure) : [];
      setErrors(said.length > 0 ? said : [failure.message]);
      return;
    }
    toast.success(text.done);
    onClose();
  };

  return (
    <Modal
      open
      size="lg"
      title={text.title}
      description={text.description(booking, agreed)}
      onClose={onClose}
      closeOnEscape={!save.isPending}
      closeOnBackdropClick={!save.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void onSave()}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <CalendarPicker
        month={month}
        onMonthChange={setMonth}
        slotsByDay={slots.data}
        loading={slots.isPending}
        error={slots.isError}
        onRetry={() => void slots.refetch()}
        picks={picks}
        onPicksChange={(next) => {
          // A new pick answers the message ("pick another time", "select at least 1").
          setErrors([]);
          setPicks(next);
        }}
        mode={action === 'propose-date' ? 'multiple' : 'single'}
        zone={zone}
        headingLevel={3}
      >
        {errors.length > 0 ? <Alert tone="danger">{errors.join(' ')}</Alert> : null}
      </CalendarPicker>
    </Modal>
  );
}
