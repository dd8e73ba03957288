import type { ShowProfileDetail } from '@guestspot/shared-api';
import { ProfileActions, asBookable, bookBasePath } from '../../../components/profile-actions';
import { externalUrl, LinkList, SocialLinks } from './profile-links';
import { Chips, Section } from './profile-parts';
import { ProfilePrices } from './profile-prices';
import { RatingStars } from './rating-stars';
import { ReputationLine } from '../../../components/reputation';
import { ReviewsList } from './reviews-list';

/** A show's public profile: every field of spec §3 the show has. */
export function ShowProfileView({ profile }: { profile: ShowProfileDetail }) {
  const links = profile.links;
  const stats = profile.platform_stats.slice(0, 3);
  // The show's own page on each platform type it has (its type_urls).
  const platforms = profile.type_urls.flatMap(({ type_id, url }) => {
    const type = profile.types.find((item) => item.id === type_id);
    const href = externalUrl(url);
    return type && href ? [{ name: type.name, href }] : [];
  });
  return (
    <article
      className="gs-profile"
      style={{ '--gs-profile-color': profile.color } as React.CSSProperties}
    >
      {profile.coverImageUrl ? (
        <img
          className="gs-profile__cover"
          src={profile.coverImageUrl}
          alt=""
          height={200}
          fetchPriority="high"
        />
      ) : null}
      <header className="gs-profile__header">
        <img
          className="gs-profile__image"
          src={profile.imageUrl ?? undefined}
          alt={profile.name}
          width={240}
          height={192}
          fetchPriority="high"
        />
        <div className="gs-profile__intro">
          <h1 className="gs-profile__name">{profile.name}</h1>
          <p className="gs-profile__title">
            {[profile.types.map((type) => type.name).join(', '), profile.platform_type]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {platforms.length ? (
            <ul className="gs-profile__social" aria-label={`${profile.name} on`}>
              {platforms.map(({ name, href }) => (
                <li key={name}>
                  <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <RatingStars rating={profile.avg_rating} count={profile.reviews_count} />
          <ReputationLine reputation={profile.reputation} />
          {stats.length ? (
            <div role="group" aria-label="Platform stats">
              <dl className="gs-profile__stats">
                {stats.map((stat) => (
                  <div key={stat.label} className="gs-profile__stat">
                    <dt>{stat.label}</dt>
                    <dd>{stat.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}
          <Chips categories={profile.categories} tags={profile.tags} />
          {links ? <SocialLinks links={links.social_media} /> : null}
        </div>
        <aside className="gs-profile__book" aria-label="Booking">
          <ProfilePrices
            options={profile.booking_options ?? []}
            redirect={bookBasePath('shows', profile.id)}
          />
          <ProfileActions type="shows" profile={asBookable(profile)} />
        </aside>
      </header>
      {profile.description ? (
        <Section title="About">
          <p className="gs-profile__text">{profile.description}</p>
        </Section>
      ) : null}
      {links ? (
        <>
          <LinkList title="Episodes" urls={links.episodes} />
          <LinkList title="Media features" urls={links.media_features} />
        </>
      ) : null}
      <Section title="Reviews">
        <ReviewsList type="shows" profileId={profile.id} />
      </Section>
    </article>
  );
}
