import { Link } from 'react-router-dom';
import { useCurrentUser, type MarketplaceProfile } from '@guestspot/shared-api';
import { ButtonLink, VisuallyHidden } from '@guestspot/shared-ui';
import { cardPrice, bookablePrices, type CardPriceContext } from '../lib/card-price';
import { FavouriteButton } from './favourite-button';
import { Price } from './price';
import { ReputationLine } from './reputation';
import './profile-card.css';

/** Bio excerpts on cards stop near this many characters, at a word boundary. */
export const BIO_EXCERPT_LENGTH = 110;

export function excerpt(text: string, max = BIO_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

function isGuest(
  profile: MarketplaceProfile,
): profile is Extract<MarketplaceProfile, { type: 'guest' }> {
  return 'option_prices' in profile;
}

/** The public page of a guest or show. */
export function profileHref(profile: MarketplaceProfile): string {
  return isGuest(profile) ? `/guests/${profile.slug}` : `/shows/${profile.slug}`;
}

export interface ProfileCardProps {
  profile: MarketplaceProfile;
  /** The list's filters and sort, which decide the price shown (card-price.ts); none: lowest. */
  priceContext?: CardPriceContext;
  /** The heading level of the name in the surrounding outline. */
  headingLevel?: 2 | 3 | 4;
  /**
   * The card is among the first on screen (a list's first row): its image loads at once and
   * first, since it is what the page is judged by (largest contentful paint); others wait until
   * they scroll near.
   */
  priority?: boolean;
}

/** How many cards of a list count as its first screen on a phone and a desktop. */
export const PRIORITY_CARDS = 4;

/**
 * A guest or show in a list: image, name, title (guest) or description (show), bio excerpt,
 * price, favourite and the way to book. Booking itself happens on the profile page, so the
 * card's Book / 'Request to Book' link leads there (spec §2.5).
 */
export function ProfileCard({
  profile,
  priceContext,
  headingLevel = 3,
  priority = false,
}: ProfileCardProps) {
  const user = useCurrentUser();
  const guest = isGuest(profile);
  const href = profileHref(profile);
  const subtitle = guest ? profile.title : profile.description;
  const bio = guest && profile.bio ? excerpt(profile.bio) : null;
  const image = guest ? (profile.thumbUrl ?? profile.imageUrl) : profile.imageUrl;
  const hasPrices = bookablePrices(profile).length > 0 || profile.lowest_price !== null;
  const price = cardPrice(profile, priceContext);
  const own = user !== null && user.id === profile.user_id;
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className="gs-profile-card"
      style={{ '--gs-profile-color': profile.color } as React.CSSProperties}
    >
      <div className="gs-profile-card__media">
        <img
          className="gs-profile-card__image"
          src={image ?? undefined}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          width={320}
          height={256}
        />
        {own ? null : (
          <FavouriteButton
            className="gs-profile-card__favourite"
            type={guest ? 'guests' : 'shows'}
            id={profile.id}
            name={profile.name}
            favourited={profile.is_favourited}
            redirect={href}
            size="sm"
          />
        )}
      </div>
      <Heading className="gs-profile-card__name">
        <Link to={href} className="gs-profile-card__link">
          {profile.name}
        </Link>
      </Heading>
      {subtitle ? <p className="gs-profile-card__subtitle">{subtitle}</p> : null}
      {bio ? <p className="gs-profile-card__bio">{bio}</p> : null}
      <ReputationLine reputation={profile.reputation} className="gs-profile-card__reputation" />
      <div className="gs-profile-card__footer">
        {hasPrices && price ? (
          <Price cents={price.cents} kind={price.kind} redirect={href} />
        ) : (
          <span />
        )}
        {own ? null : (
          <ButtonLink to={href} variant="secondary" size="sm">
            {hasPrices ? 'Book' : 'Request to Book'}
            <VisuallyHidden> {profile.name}</VisuallyHidden>
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
