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

/**
 * The address a stored link opens. A website may be saved without its scheme ('example.com',
 * which the hasDomain rule allows): it gets https://, or the browser would read it as a path on
 * this site. Anything with another scheme is not linked at all.
 */
export function externalUrl(value: string | null): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/')) return null;
  return `https://${url}`;
}

/** Social networks the profile filled in, as external links. */
export function SocialLinks({ links }: { links: SocialMediaLinks }) {
  const filled = (Object.keys(NETWORK_LABELS) as (keyof SocialMediaLinks)[]).flatMap((network) => {
    const href = externalUrl(links[network]);
    return href ? [{ network, href }] : [];
  });
  if (filled.length === 0) return null;
  return (
    <ul className="gs-profile__social" aria-label="Social media">
      {filled.map(({ network, href }) => (
        <li key={network}>
          <a href={href} target="_blank" rel="noopener noreferrer nofollow">
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
