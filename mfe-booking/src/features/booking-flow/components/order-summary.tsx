import type { BookingPrice } from '@guestspot/shared-api/booking-money';
import { ErrorState, Spinner } from '@guestspot/shared-ui';
import { formatAmount } from '../lib/totals';

export const QUOTE_LOADING_LABEL = 'Working out the price';
export const QUOTE_ERROR_MESSAGE = 'The price could not be worked out.';

export interface OrderSummaryProps {
  /** the server's quote; undefined while the first one loads or after it failed */
  price: BookingPrice | undefined;
  /** the booking code applied, shown beside its discount */
  code?: string | null;
  loading?: boolean;
  /** set when the quote failed: the summary offers a retry */
  onRetry?: (() => void) | undefined;
}

/** The itemised total exactly as the server priced it: lines, code, credit, what the card pays. */
export function OrderSummary({ price, code, loading = false, onRetry }: OrderSummaryProps) {
  const lines = price?.lines ?? [];
  const priced = lines.filter((line) => line.kind !== 'service-fee');
  const fees = lines.filter((line) => line.kind === 'service-fee');
  return (
    <section
      className="gs-booking-flow__summary"
      aria-labelledby="order-summary-title"
      aria-busy={loading}
    >
      <h2 id="order-summary-title" className="gs-booking-flow__subtitle">
        Order summary
      </h2>
      {onRetry ? (
        <ErrorState titleAs="h3" message={QUOTE_ERROR_MESSAGE} onRetry={onRetry} />
      ) : !price ? (
        <Spinner label={QUOTE_LOADING_LABEL} />
      ) : (
        <dl>
          {priced.map((line, index) => (
            <div key={`${line.kind}-${index}`}>
              <dt>{line.label}</dt>
              <dd>{formatAmount(line.amount)}</dd>
            </div>
          ))}
          {price.codeDiscount > 0 ? (
            <div>
              <dt>Booking code{code ? ` ${code}` : ''}</dt>
              <dd>-{formatAmount(price.codeDiscount)}</dd>
            </div>
          ) : null}
          {fees.map((line, index) => (
            <div key={`${line.kind}-${index}`}>
              <dt>{line.label}</dt>
              <dd>{formatAmount(line.amount)}</dd>
            </div>
          ))}
          {price.creditApplied > 0 ? (
            <div>
              <dt>Store credit</dt>
              <dd>-{formatAmount(price.creditApplied)}</dd>
            </div>
          ) : null}
          {price.minimumChargeTopUp > 0 ? (
            <div>
              <dt>Minimum card charge</dt>
              <dd>{formatAmount(price.minimumChargeTopUp)}</dd>
            </div>
          ) : null}
          <div className="gs-booking-flow__total">
            <dt>Card pays</dt>
            <dd>{formatAmount(price.cardAmount)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
