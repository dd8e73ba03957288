import { Badge, formatDate, formatMoney, IconChevronDown } from '@guestspot/shared-ui';
import type { Payment, PaymentSort } from '@guestspot/shared-api/payments';

type SortKey = 'payment_date' | 'name' | 'raw_price';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'payment_date', label: 'Date' },
  { key: 'name', label: 'To/From' },
  { key: 'raw_price', label: 'Amount' },
];

/** The sort a header click asks for: the other direction of the same column, else descending. */
export function nextSort(current: PaymentSort, key: SortKey): PaymentSort {
  if (current === `-${key}`) return key;
  if (current === key) return `-${key}`;
  return key === 'name' ? 'name' : `-${key}`;
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof COLUMNS)[number];
  sort: PaymentSort;
  onSort: (sort: PaymentSort) => void;
}) {
  const direction =
    sort === column.key ? 'ascending' : sort === `-${column.key}` ? 'descending' : 'none';
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={`gs-payments__th gs-payments__th--${column.key}`}
    >
      <button
        type="button"
        className="gs-payments__sort"
        onClick={() => onSort(nextSort(sort, column.key))}
      >
        {column.label}
        <IconChevronDown aria-hidden="true" data-direction={direction} />
      </button>
    </th>
  );
}

/**
 * Spec §2 "Payments page": the month's payments, sortable by date, amount and to/from; a pending
 * one reads 'Payment pending', a paid one offers its receipt (PDF). A phone shows each row as a
 * card (payments.css); the headers stay as the sort buttons.
 */
export function PaymentsTable({
  payments,
  sort,
  onSort,
  zone,
}: {
  payments: Payment[];
  sort: PaymentSort;
  onSort: (sort: PaymentSort) => void;
  zone: string;
}) {
  return (
    <table className="gs-list-page__list gs-payments">
      <caption className="gs-payments__caption">Payments</caption>
      <thead>
        <tr>
          <SortHeader column={COLUMNS[0]!} sort={sort} onSort={onSort} />
          <SortHeader column={COLUMNS[1]!} sort={sort} onSort={onSort} />
          <th scope="col" className="gs-payments__th gs-payments__th--type">
            Type
          </th>
          <SortHeader column={COLUMNS[2]!} sort={sort} onSort={onSort} />
          <th scope="col" className="gs-payments__th gs-payments__th--status">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id} className="gs-list-page__row gs-payments__row">
            <td className="gs-payments__date">
              {formatDate(payment.payment_date, 'date', { timeZone: zone })}
            </td>
            <td className="gs-payments__who">
              <span className="gs-payments__name">{payment.name}</span>
              <span className="gs-payments__what">{payment.description}</span>
            </td>
            <td className="gs-payments__type">
              {payment.type === 'incoming' ? 'Incoming' : 'Outgoing'}
            </td>
            <td className="gs-payments__amount" data-type={payment.type}>
              {payment.type === 'incoming' ? '+' : '−'}
              {formatMoney(payment.raw_price)}
            </td>
            <td className="gs-payments__status">
              {payment.status === 'pending' ? (
                <Badge tone="warning">Payment pending</Badge>
              ) : payment.download_url ? (
                <a
                  className="gs-payments__download"
                  href={payment.download_url}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Download (PDF) receipt of ${payment.description}`}
                >
                  Download (PDF)
                </a>
              ) : (
                <Badge tone="success">Paid</Badge>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
