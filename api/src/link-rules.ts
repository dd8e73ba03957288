// The spec's link rules (marketplace spec §5), one implementation for the server and the browser
// (shared-api re-exports this file, so keep it free of imports and of anything server-only).
// Whatever passes is an http(s) URL, so a stored link can never run script when followed
// (javascript:, data:, vbscript: …).

export const SOCIAL_NETWORKS = [
  'linkedin',
  'twitter',
  'instagram',
  'youtube',
  'facebook',
  'wikipedia',
  'website',
  'tiktok',
] as const;

export type SocialNetworkName = (typeof SOCIAL_NETWORKS)[number];

/**
 * Each network's registrable domains: a link's host must be one of them or a subdomain of one
 * (www.linkedin.com, m.youtube.com, en.wikipedia.org). 'website' takes any host.
 */
export const NETWORK_DOMAINS: Record<Exclude<SocialNetworkName, 'website'>, readonly string[]> = {
  linkedin: ['linkedin.com'],
  twitter: ['twitter.com', 'x.com'],
  instagram: ['instagram.com'],
  youtube: ['youtube.com'],
  facebook: ['facebook.com'],
  wikipedia: ['wikipedia.org'],
  tiktok: ['tiktok.com'],
};

const HTTP_PREFIX = /^https?:\/\//i;
// Spaces are refused by the spec; control characters are what URL parsers silently drop.
// eslint-disable-next-line no-control-regex
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;
// A scheme name then a colon not followed by a port ("javascript:", "data:", "mailto:"); a bare
// "mysite.com:8080/x" is a host and port.
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;
// The host a 'website' needs: labels, then a top-level domain of letters (or its punycode form).
const DOMAIN_HOST = /^(?:[a-z0-9-]+\.)+(?:[a-z]{2,}|xn--[a-z0-9-]+)$/;

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An http(s) URL with a host and no user name or password (https://twitter.com@evil.test). */
function parseWebUrl(value: string): URL | null {
  if (!HTTP_PREFIX.test(value) || BLANK_OR_CONTROL.test(value)) return null;
  const url = parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/**
 * url, podcast and video rules: begins with http:// or https://, has no spaces, and is a URL
 * with a host and no credentials.
 */
export function isWebUrl(value: string): boolean {
  return parseWebUrl(value) !== null;
}

const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * A social network link as it is stored, or null when it breaks the hasDomain rule. A value
 * without a scheme ('mysite.com', 'instagram.com/maya', as the spec allows) is read as https://
 * and stored with it; any other scheme, a protocol-relative '//host', credentials, or a host that
 * is not the network's (evil-twitter.com, twitter.com.evil.test) is refused.
 */
export function socialLink(value: string, network: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || BLANK_OR_CONTROL.test(trimmed)) return null;
  let link = trimmed;
  if (!HTTP_PREFIX.test(trimmed)) {
    if (/^[/\\]/.test(trimmed) || OTHER_SCHEME.test(trimmed)) return null;
    link = `https://${trimmed}`;
  }
  const url = parseWebUrl(link);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (network === 'website') return DOMAIN_HOST.test(host) ? link : null;
  const domains = (NETWORK_DOMAINS as Record<string, readonly string[] | undefined>)[network];
  if (!domains || url.port !== '') return null;
  return domains.some((domain) => onDomain(host, domain)) ? link : null;
}

/**
 * hasDomain: 'website' needs an http(s) link (or a bare domain) on a domain-like host; any other
 * network's link must be on that network's host (NETWORK_DOMAINS), e.g. instagram.com.
 */
export function hasDomain(value: string, network: string): boolean {
  return socialLink(value, network) !== null;
}
