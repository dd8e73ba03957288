import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BookingDetail, BookingPaymentSummary } from '@guestspot/shared-api';
import { Alert, Avatar, Button, Card, formatMoney, VisuallyHidden } from '@guestspot/shared-ui';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { bookingPath, counterpartPath, orderNumber } from '../../../lib/booking-format';
import { useActingOnBooking } from '../hooks/use-booking';
import { actionLabels, viewerIsInitiator, type DialogAction } from '../lib/booking-view';
import { formatAgreedDate, formatDayTime } from '@guestspot/shared-ui/calendar-picker';
import { AnswerList } from './answer-list';
import { loadSchedulingLinkDialog } from './booking-dialogs';
import { ProposalPicker } from './proposal-picker';

interface SidebarProps {
  booking: BookingDetail;
  zone: string;
  openAction: (action: DialogAction) => void;
}

/**
 * While a request is pending, both sides read when it expires (decision 111): the invitee that
 * it must answer, the initiator that it may lapse. Without a card hold there is nothing to release.
 */
export function deadlineText(booking: BookingDetail, zone: string): string | null {
  if (booking.status !== 'pending' || !booking.expires_at) return null;
  const when = formatDayTime(booking.expires_at, zone);
  const hold = booking.payment.card !== null;
  return viewerIsInitiator(booking)
    ? `This request expires on ${when} if ${booking.counterpart.name} does not answer${hold ? '; the hold on your card is then released' : ''}`
    : `Answer by ${when} or this request expires${hold ? ' and the hold is released' : ''}`;
}

const preloadOnIntent = {
  onPointerEnter: () => void loadSchedulingLinkDialog(),
  onFocus: () => void loadSchedulingLinkDialog(),
};

const ledgerStates = { pending: 'held', paid: 'paid', void: 'released' } as const;

/** How the booker paid: card, store credit, a code, and what was given back. */
function PaidWith({ payment }: { payment: BookingPaymentSummary }) {
  const parts = [
    payment.card
      ? `Card ${formatMoney(payment.card.amount)} (${ledgerStates[payment.card.status]})`
      : null,
    payment.extra
      ? `Extra fee by card ${formatMoney(payment.extra.amount)} (${ledgerStates[payment.extra.status]})`
      : null,
    payment.credit
      ? `Store credit ${formatMoney(payment.credit.amount)} (${ledgerStates[payment.credit.status]})`
      : null,
    payment.code ? `Code ${payment.code}` : null,
    ...payment.refunds.map((refund) => `Refunded ${formatMoney(refund.amount)}`),
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return <>Nothing to pay</>;
  return (
    <ul className="gs-booking-details__paid">
      {parts.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

/** The invitee's payout (decision 116): what is paid, and where it stands. */
function payoutText(booking: BookingDetail, zone: string): string | null {
  const { payout } = booking;
  if (!payout) return null;
  const amount = formatMoney(payout.amount);
  switch (payout.status) {
    case 'paid':
      return payout.paid_at
        ? `${amount}, paid on ${formatDayTime(payout.paid_at, zone)}`
        : `${amount}, paid`;
    case 'held':
      return `${amount}, held while our support team looks into a no-show report`;
    case 'void':
      return `${amount}, not paid out`;
    default:
      // completed and still pending: the payee has no payout account yet (decision 116)
      return booking.status === 'completed'
        ? `${amount}, waiting for your payout account: set it up in Account settings`
        : `${amount}, paid out once the interview is completed`;
  }
}

function agreedDate(booking: BookingDetail, zone: string): string {
  if (booking.confirmed_date) return formatAgreedDate(booking.confirmed_date, zone);
  if (booking.scheduled_without_date) return 'Agreed outside Guestspot';
  return 'Not agreed yet';
}

function DetailsCard({ booking, zone }: Omit<SidebarProps, 'openAction'>) {
  const rows: [string, ReactNode][] = [
    ['Order', orderNumber(booking.id)],
    ['Status', <BookingStatusBadge key="status" status={booking.status} />],
    ['Option', booking.booking_option?.name ?? (booking.is_pitch ? 'Pitch' : 'Booking')],
  ];
  if (booking.interview_duration) {
    rows.push(['Interview length', `${booking.interview_duration} minutes`]);
  }
  // Spec §2: the show's name is shown to the show's owner only.
  if (booking.viewer_side === 'show') rows.push(['Show', booking.show_profile.name]);
  rows.push(
    ['Interview date', agreedDate(booking, zone)],
    ['Price', formatMoney(booking.price)],
    ['Paid with', <PaidWith key="paid" payment={booking.payment} />],
  );
  const payout = payoutText(booking, zone);
  if (payout) rows.push(['Your payout', payout]);
  if (booking.cancel_reason) {
    rows.push([
      booking.cancel_kind === 'rejected' ? 'Rejected' : 'Canceled',
      booking.cancel_reason,
    ]);
  }
  return (
    <Card title="Booking details" titleAs="h2">
      <dl className="gs-booking-details">
        {rows.map(([label, value]) => (
          <div key={label} className="gs-booking-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Exactly what the viewer may do now (allowed_actions): buttons, and the dates to confirm. */
function ActionsCard({ booking, zone, openAction }: SidebarProps) {
  const acting = useActingOnBooking(booking.id);
  const deadline = deadlineText(booking, zone);
  const buttons = booking.allowed_actions.filter(
    (action): action is DialogAction => action !== 'confirm',
  );
  return (
    <Card title="Actions" titleAs="h2">
      <div className="gs-booking-actions">
        {deadline ? (
          <Alert tone="warning" className="gs-booking-actions__deadline">
            {deadline}
          </Alert>
        ) : null}
        {booking.allowed_actions.includes('confirm') ? (
          <ProposalPicker booking={booking} zone={zone} />
        ) : null}
        {buttons.length > 0 ? (
          <div className="gs-booking-actions__buttons">
            {buttons.map((action) => (
              <Button
                key={action}
                variant={action === 'accept' ? 'primary' : 'secondary'}
                disabled={acting}
                onClick={() => openAction(action)}
                {...(action === 'scheduling-link' ? preloadOnIntent : {})}
              >
                {actionLabels[action]}
              </Button>
            ))}
          </div>
        ) : null}
        {booking.allowed_actions.length === 0 ? (
          <p className="gs-booking-actions__none">Nothing is waiting on you for this booking.</p>
        ) : null}
      </div>
    </Card>
  );
}

/** The left column: navigation, the other side, the details, the actions, the questions, help. */
export function BookingSidebar({ booking, zone, openAction }: SidebarProps) {
  const helpId = useId();
  const { counterpart } = booking;
  const hasMiniview = booking.answers.some((answer) => answer.kind === 'miniview');
  return (
    <>
      <nav className="gs-booking-nav" aria-label="Bookings navigation">
        <Link to="/bookings">All bookings</Link>
        {hasMiniview ? (
          <Link to={`${bookingPath(booking.id)}/miniview`}>MINIVIEW™ answers</Link>
        ) : null}
      </nav>
      <Card title={counterpart.type === 'guest' ? 'The guest' : 'The show'} titleAs="h2">
        <div className="gs-booking-counterpart">
          <Avatar src={counterpart.imageUrl} name={counterpart.name} size={48} />
          <div className="gs-booking-counterpart__text">
            <p className="gs-booking-counterpart__name">{counterpart.name}</p>
            {booking.counterpart_summary ? (
              <p className="gs-booking-counterpart__summary">{booking.counterpart_summary}</p>
            ) : null}
            <Link
              className="gs-booking-counterpart__link"
              to={counterpartPath(booking)}
              target="_blank"
              rel="noopener"
            >
              View profile
              <VisuallyHidden> of {counterpart.name} (opens in a new tab)</VisuallyHidden>
            </Link>
          </div>
        </div>
      </Card>
      <DetailsCard booking={booking} zone={zone} />
      <ActionsCard booking={booking} zone={zone} openAction={openAction} />
      <Card title="Questions" titleAs="h2">
        <AnswerList answers={booking.answers} kind="booking" empty="No questions were asked." />
      </Card>
      <section className="gs-booking-help" aria-labelledby={helpId}>
        <h2 id={helpId} className="gs-booking-help__title">
          Need help?
        </h2>
        <ul className="gs-booking-help__links">
          <li>
            <Link to="/faq">FAQ</Link>
            <p>Answers about bookings, payments and cancellations.</p>
          </li>
          <li>
            <Link to="/contact">Resolution Center</Link>
            <p>A problem with this booking that you cannot settle together.</p>
          </li>
        </ul>
      </section>
    </>
  );
}
