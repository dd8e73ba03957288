import { useSessionStore, type ProfileBookingOption } from '@guestspot/shared-api';
import { Button, openLoginModal } from '@guestspot/shared-ui';
import { priceLabel } from '../../../components/price';
import { NOT_BOOKABLE_SLUGS } from '../../../components/profile-actions';

/**
 * The profile's booking options with a price per interview duration. Visitors see 'See Price'
 * (the login dialog, then the booking route) in place of the amounts; 0 reads FREE.
 */
export function ProfilePrices({
  options,
  redirect,
}: {
  options: ProfileBookingOption[];
  redirect: string;
}) {
  const authenticated = useSessionStore((state) => state.authenticated);
  const bookable = options.filter((option) => !NOT_BOOKABLE_SLUGS.includes(option.slug));
  if (bookable.length === 0) {
    return <p className="gs-profile__muted">No booking options yet.</p>;
  }
  if (!authenticated) {
    return (
      <Button variant="link" onClick={() => openLoginModal({ redirect })}>
        See Price
      </Button>
    );
  }
  return (
    <ul className="gs-profile__prices" aria-label="Prices">
      {bookable.map((option) => (
        <li key={option.id} className="gs-profile__price">
          <span className="gs-profile__price-name">{option.name}</span>
          <ul className="gs-profile__price-durations">
            {option.prices.map((price) => (
              <li key={price.id}>
                {price.interview_duration} min · <strong>{priceLabel(price.amount)}</strong>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
