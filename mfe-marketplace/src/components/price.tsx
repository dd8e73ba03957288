import { useSessionStore } from '@guestspot/shared-api';
import { Button, formatMoney, openLoginModal } from '@guestspot/shared-ui';
import type { CardPriceKind } from '../lib/card-price';

/** Amounts travel in cents and show in whole dollars; 0 reads FREE (spec). */
export function priceLabel(cents: number): string {
  return cents === 0 ? 'FREE' : formatMoney(cents, { precision: 'whole' });
}

const PREFIX: Record<CardPriceKind, string> = { from: 'From ', 'up-to': 'Up to ', exact: '' };

/** Visitors see 'See Price', which opens the login dialog; signed-in users see the price. */
export function Price({
  cents,
  redirect,
  kind = 'from',
}: {
  cents: number | null;
  redirect: string;
  /** how the amount relates to the profile's other prices (card-price.ts) */
  kind?: CardPriceKind;
}) {
  const authenticated = useSessionStore((state) => state.authenticated);
  if (!authenticated) {
    return (
      <Button variant="link" size="sm" onClick={() => openLoginModal({ redirect })}>
        See Price
      </Button>
    );
  }
  if (cents === null) return <span className="gs-price gs-price--none">Request to Book</span>;
  return (
    <span className="gs-price">{cents === 0 ? 'FREE' : `${PREFIX[kind]}${priceLabel(cents)}`}</span>
  );
}
