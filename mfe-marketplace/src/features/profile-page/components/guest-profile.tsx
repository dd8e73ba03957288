import type { GuestProfileDetail } from '@guestspot/shared-api';
import { ProfileActions, bookBasePath } from '../../../components/profile-actions';
import { LinkList, SocialLinks } from './profile-links';
import { Chips, Section, TextList } from './profile-parts';
import { ProfilePrices } from './profile-prices';
import { RatingStars } from './rating-stars';
import { ReputationLine } from '../../../components/reputation';
import { ReviewsList } from './reviews-list';

/** A guest's public profile: every field of spec §3 the profile has. */
export function GuestProfileView({ profile }: { profile: GuestProfileDetail }) {
  const links = profile.links;
  return (
    <article
      className="gs-profile"
      style={{ '--gs-profile-color': profile.color } as React.CSSProperties}
    >
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
          {profile.pronunciation ? (
            <p className="gs-profile__pronunciation">
              Pronounced <span lang="en">{profile.pronunciation}</span>
            </p>
          ) : null}
          {profile.title ? <p className="gs-profile__title">{profile.title}</p> : null}
          <RatingStars rating={profile.avg_rating} count={profile.reviews_count} />
          <ReputationLine reputation={profile.reputation} />
          <Chips categories={profile.categories} tags={profile.tags} />
          {links ? <SocialLinks links={links.social_media} /> : null}
        </div>
        <aside className="gs-profile__book" aria-label="Booking">
          <ProfilePrices
            options={profile.booking_options ?? []}
            redirect={bookBasePath('guests', profile.id)}
          />
          <ProfileActions type="guests" profile={profile} />
        </aside>
      </header>
      {profile.bio ? (
        <Section title="About">
          <p className="gs-profile__text">{profile.bio}</p>
        </Section>
      ) : null}
      {profile.videoUrl ? (
        <Section title="Video">
          {/* width/height reserve the 16:9 box before the metadata loads: nothing shifts */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- an uploaded file: no captions exist (decision 096) */}
          <video
            className="gs-profile__video"
            src={profile.videoUrl}
            controls
            preload="metadata"
            width={640}
            height={360}
            aria-label={`Video of ${profile.name}`}
          >
            <a href={profile.videoUrl}>Download the video of {profile.name}</a>
          </video>
        </Section>
      ) : null}
      {profile.experience.length ? (
        <Section title="Experience">
          <ul className="gs-profile__list">
            {profile.experience.map((line) => (
              <li key={`${line.title}-${line.organization ?? ''}-${line.years ?? ''}`}>
                <strong>{line.title}</strong>
                {line.organization ? `, ${line.organization}` : ''}
                {line.years ? <span className="gs-profile__muted"> · {line.years}</span> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <TextList title="Topics" items={profile.topics} />
      <TextList title="Questions to ask" items={profile.questions} />
      {links ? (
        <>
          <LinkList title="Podcasts" urls={links.podcasts} />
          <LinkList title="Videos" urls={links.videos} />
          <LinkList title="Articles" urls={links.articles} />
        </>
      ) : null}
      <Section title="Reviews">
        <ReviewsList type="guests" profileId={profile.id} />
      </Section>
    </article>
  );
}
