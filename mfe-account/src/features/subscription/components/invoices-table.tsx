import {
  ErrorState,
  formatMoney,
  Skeleton,
  SkeletonGroup,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { formatBillingDate } from '../../../lib/billing-format';
import { useInvoices } from '../hooks/use-subscription';

/** Invoices, newest first: date, number, amount and the document, opened in a new tab. */
export function InvoicesTable({ timezone }: { timezone: string }) {
  const invoices = useInvoices();
  if (invoices.isPending) {
    return (
      <SkeletonGroup label="Loading invoices" className="gs-subscription__loading">
        <Skeleton height={20} />
        <Skeleton height={20} />
      </SkeletonGroup>
    );
  }
  if (invoices.isError) {
    return (
      <ErrorState
        titleAs="h3"
        message="Your invoices could not be loaded."
        onRetry={() => void invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  }
  // Nothing billed yet: a standard account that never subscribed needs no empty table.
  if (invoices.data.length === 0) return null;
  return (
    <table className="gs-invoices gs-settings-table">
      <caption>Invoices</caption>
      <thead className="visually-hidden-phone">
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Number</th>
          <th scope="col">Amount</th>
          <th scope="col">
            <VisuallyHidden>Document</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.data.map((invoice) => (
          <tr key={invoice.id}>
            <td className="gs-invoices__date">{formatBillingDate(invoice.date, timezone)}</td>
            <td className="gs-invoices__number">{invoice.number}</td>
            <td className="gs-invoices__amount">{formatMoney(invoice.amount)}</td>
            <td className="gs-invoices__document">
              <a
                href={invoice.download_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Download invoice ${invoice.number} (opens in a new tab)`}
              >
                Download
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
