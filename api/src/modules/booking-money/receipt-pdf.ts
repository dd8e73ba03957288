import type { Payment } from '../../contract';
import { renderPdf } from '../../pdf/document';
import { formatCents, formatDate } from '../billing/service';

// A paid payment's receipt (booking-management… §2 "Payments page", account… §7 "payment
// download"; decision 119), made like the invoice (pdf/document.ts).

const KIND_LABELS: Record<Payment['kind'], string> = {
  charge: 'Card payment',
  extra_fee: 'Extra fee, card payment',
  store_credit: 'Paid with store credit',
  refund: 'Refund to your card',
  payout: 'Payout',
  referral_share: 'Referral share (7%)',
};

export interface ReceiptInput {
  payment: Payment;
  /** the account the money is theirs: name and email */
  account: { name: string; email: string };
  /** the user's zone, for the dates */
  timezone: string;
  /** the interview's date, when agreed */
  bookingDate: Date | null;
}

export function renderPaymentReceipt({ payment, account, timezone, bookingDate }: ReceiptInput) {
  const date = formatDate(new Date(payment.payment_date), timezone);
  const counterpart = payment.type === 'incoming' ? 'From' : 'To';
  return renderPdf({
    title: `Receipt ${payment.id}`,
    kind: 'Receipt',
    facts: [`Receipt number: P-${String(payment.id).padStart(6, '0')}`, `Date paid: ${date}`],
    sections: [
      {
        heading: 'Account',
        rows: [
          { label: account.name, value: '' },
          { label: account.email, value: '' },
        ],
      },
      {
        heading: 'Payment',
        rows: [
          { label: payment.description, value: '' },
          {
            label: KIND_LABELS[payment.kind],
            value: payment.type === 'incoming' ? 'Incoming' : 'Outgoing',
          },
          { label: counterpart, value: payment.name },
          ...(bookingDate
            ? [{ label: 'Interview date', value: formatDate(bookingDate, timezone) }]
            : []),
          ...(payment.payout_id ? [{ label: 'Transfer', value: payment.payout_id }] : []),
          { label: 'Amount (USD)', value: formatCents(payment.raw_price), bold: true },
          { label: 'Status', value: 'Paid' },
        ],
      },
    ],
    footer: 'Guestspot keeps a record of every payment. Questions? Reply to any Guestspot email.',
  });
}
