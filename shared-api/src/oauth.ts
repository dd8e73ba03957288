import { api } from './client';
import type { OAuthCompleteResponse, OAuthRedirect } from './types';

/** Providers whose account can be connected; each returns to /{provider}/authorization. */
export const OAUTH_LINK_PROVIDERS = [
  'stripe',
  'google',
  'microsoft',
  'instagram',
  'youtube',
  'twitter',
  'tiktok',
] as const;
export type OAuthLinkProvider = (typeof OAUTH_LINK_PROVIDERS)[number];

export const OAUTH_PROVIDER_NAMES: Record<OAuthLinkProvider | 'facebook', string> = {
  facebook: 'Facebook',
  google: 'Google',
  microsoft: 'Microsoft',
  instagram: 'Instagram',
  youtube: 'YouTube',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  stripe: 'Stripe',
};

export type SocialLoginProvider = 'facebook' | 'google';

/** The URL a social sign-in popup opens (spec: the auth login path plus the provider). */
export function socialLoginUrl(provider: SocialLoginProvider, purpose?: 'confirm'): string {
  return `/api/v1/auth/login/${provider}${purpose ? `?purpose=${purpose}` : ''}`;
}

/** GET /oauth/{provider}/redirect: the provider's consent page, returning to /{provider}/authorization. */
export async function getOAuthRedirect(
  provider: OAuthLinkProvider,
  returnTo: string,
): Promise<string> {
  const body = await api
    .get(`oauth/${provider}/redirect`, { searchParams: { return_to: returnTo } })
    .json<OAuthRedirect>();
  return body.url;
}

/** POST /oauth/{provider}/complete with what the provider returned. */
export async function completeOAuth(
  provider: OAuthLinkProvider,
  payload: { code: string; state: string },
): Promise<OAuthCompleteResponse> {
  return api.post(`oauth/${provider}/complete`, { json: payload }).json<OAuthCompleteResponse>();
}
