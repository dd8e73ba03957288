import type { SocialMediaLinks } from '@guestspot/shared-api';

const NETWORK_LABELS: Record<keyof SocialMediaLinks, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  wikipedia: 'Wikipedia',
  website: 'Website',
  tiktok: 'TikTok',
};

/** Social networks the profile filled in, as external links. */
export function SocialLinks({ links }: { links: SocialMediaLinks }) {
  const filled = (Object.keys(NETWORK_LABELS) as (keyof SocialMediaLinks)[]).filter(
    (network) => links[network],
  );
  if (filled.length === 0) return null;
  return (
    <ul className="gs-profile__social" aria-label="Social media">
      {filled.map((network) => (
        <li key={network}>
          <a href={links[network] ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
            {NETWORK_LABELS[network]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A titled list of URLs (podcasts, videos, articles, episodes, media features); none: nothing. */
export function LinkList({ title, urls }: { title: string; urls: string[] }) {
  if (urls.length === 0) return null;
  return (
    <section className="gs-profile__section" aria-label={title}>
      <h2 className="gs-profile__heading">{title}</h2>
      <ul className="gs-profile__links">
        {urls.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener noreferrer nofollow">
              {url.replace(/^https?:\/\//, '')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
