import { useId, useState } from 'react';
import { formatMoney, Skeleton, VisuallyHidden } from '@guestspot/shared-ui';
import type { PaymentTotals } from '@guestspot/shared-api/payments';
import { useBalance } from '../hooks/use-payments';

/** What the store-credit card's tooltip says, with the days left of its soonest part. */
export function storeCreditHint(days: number): string {
  return (
    'Store credit pays for bookings before your card. ' +
    `Each part expires 90 days after you get it; the next part expires in ${days} ${days === 1 ? 'day' : 'days'}.`
  );
}

/** A small (i) button whose description shows on hover and focus; Escape hides it. */
function InfoTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="gs-payments-tip" data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        className="gs-payments-tip__button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={id} role="tooltip" className="gs-payments-tip__text" hidden={!open}>
        {text}
      </span>
    </span>
  );
}

function Figure({ cents, loading }: { cents: number | undefined; loading: boolean }) {
  if (loading) return <Skeleton variant="text" width={96} height={32} />;
  return (
    <span className="gs-list-page__stat-figure">
      {cents === undefined ? (
        <>
          <span aria-hidden="true">–</span>
          <VisuallyHidden>not available</VisuallyHidden>
        </>
      ) : (
        formatMoney(cents)
      )}
    </span>
  );
}

/**
 * Spec §2 "Payments page": Total Received and Total Paid (the month's paid money, from GET
 * /payments) and the store-credit card (GET /balance) with its tooltip.
 */
export function PaymentsSummary({
  totals,
  loading,
}: {
  totals: PaymentTotals | undefined;
  loading: boolean;
}) {
  const balance = useBalance();
  return (
    <ul className="gs-list-page__stats" aria-label="Payment totals">
      <li className="gs-list-page__stat">
        <span className="gs-list-page__stat-title">Total Received</span>
        <Figure cents={totals?.received} loading={loading} />
      </li>
      <li className="gs-list-page__stat">
        <span className="gs-list-page__stat-title">Total Paid</span>
        <Figure cents={totals?.paid} loading={loading} />
      </li>
      <li className="gs-list-page__stat">
        <span className="gs-list-page__stat-title">
          Store credit
          {balance.data ? (
            <InfoTip
              label="About store credit"
              text={storeCreditHint(balance.data.guestspot_cash_expiration)}
            />
          ) : null}
        </span>
        <Figure cents={balance.data?.guestspot_cash} loading={balance.isPending} />
      </li>
    </ul>
  );
}
