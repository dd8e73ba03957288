import type { ConnectCandidate } from '@guestspot/shared-api';
import { priceLabel } from '../../../components/price';
import { asBookable, bookableOptions } from '../../../components/profile-actions';

const OPTION_NAMES: Record<string, string> = {
  'virtual-interview': 'Virtual Interview',
  'guest-appearance': 'Guest Appearance',
  'media-feature': 'Media Feature',
  pitch: 'Pitch',
  miniview: 'MINIVIEW',
};

export function optionName(slug: string): string {
  return (
    OPTION_NAMES[slug] ??
    slug
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

export function aboutText(candidate: ConnectCandidate): string | null {
  return 'type' in candidate ? candidate.bio : candidate.description;
}

/** The info panel: booking options with their lowest price, about text and profile reach. */
export function CandidateInfo({ candidate, id }: { candidate: ConnectCandidate; id: string }) {
  const options = bookableOptions(asBookable(candidate).option_prices);
  const about = aboutText(candidate);
  return (
    <div id={id} className="gs-connect__info">
      <section aria-labelledby={`${id}-options`}>
        <h4 id={`${id}-options`}>Booking options</h4>
        {options.length === 0 ? (
          <p>No booking options yet.</p>
        ) : (
          <ul>
            {options.map((option) => (
              <li key={option.booking_option_id}>
                {optionName(option.slug)}:{' '}
                {option.price === 0 ? 'FREE' : `from ${priceLabel(option.price)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-about`}>
        <h4 id={`${id}-about`}>About</h4>
        <p>{about || 'No description yet.'}</p>
      </section>
      <section aria-labelledby={`${id}-reach`}>
        <h4 id={`${id}-reach`}>Profile reach</h4>
        {candidate.reach.length === 0 ? (
          <p>No reach figures yet.</p>
        ) : (
          <dl className="gs-connect__reach">
            {candidate.reach.map((item) => (
              <div key={item.label}>
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
