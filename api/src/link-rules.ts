// The spec's link rules (marketplace spec §5), one implementation for the server and the browser
// (shared-api re-exports this file, so keep it free of imports and of anything server-only).

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

const WEB_URL = /^https?:\/\/\S+$/i;
// A host with at least one dot and a 2+ letter top-level domain, optionally a scheme and path.
const DOMAIN_LIKE = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i;

/** url, podcast and video rules: begins with http:// or https:// and has no spaces. */
export function isWebUrl(value: string): boolean {
  return WEB_URL.test(value);
}

/**
 * hasDomain: 'website' needs a domain-like value; any other network's URL must contain the
 * network's name followed by .com or .org (e.g. instagram.com).
 */
export function hasDomain(value: string, network: string): boolean {
  if (/\s/.test(value)) return false;
  if (network === 'website') return DOMAIN_LIKE.test(value);
  const escaped = network.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}\\.(com|org)`, 'i').test(value);
}
