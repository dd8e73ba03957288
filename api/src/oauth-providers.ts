// The social sign-in and account-connection providers, one list for the server and the browser
// (shared-api re-exports this file, so keep it free of imports and of anything server-only).

/** Providers a user can sign in with (spec account… §2). */
export const LOGIN_PROVIDERS = ['facebook', 'google'] as const;

/** Providers whose account can be connected; each returns to /{provider}/authorization. */
export const LINK_PROVIDERS = [
  'stripe',
  'google',
  'microsoft',
  'instagram',
  'youtube',
  'twitter',
  'tiktok',
] as const;

export type LoginProviderName = (typeof LOGIN_PROVIDERS)[number];
export type LinkProviderName = (typeof LINK_PROVIDERS)[number];
export type ProviderName = LoginProviderName | LinkProviderName;

/** Every provider once: whose `<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET` the API reads. */
export const PROVIDERS: readonly ProviderName[] = [
  ...new Set<ProviderName>([...LOGIN_PROVIDERS, ...LINK_PROVIDERS]),
];

export const PROVIDER_NAMES: Record<ProviderName, string> = {
  facebook: 'Facebook',
  google: 'Google',
  microsoft: 'Microsoft',
  instagram: 'Instagram',
  youtube: 'YouTube',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  stripe: 'Stripe',
};
