import { api } from '@guestspot/shared-api';
import type { OAuthCompleteResponse, OAuthRedirect } from './types';

// The provider lists are the API's own (one list, no server code).
import {
  LINK_PROVIDERS as OAUTH_LINK_PROVIDERS,
  PROVIDER_NAMES as OAUTH_PROVIDER_NAMES,
  type LinkProviderName as OAuthLinkProvider,
  type LoginProviderName as SocialLoginProvider,
} from '@guestspot/api/oauth-providers';

export { OAUTH_LINK_PROVIDERS, OAUTH_PROVIDER_NAMES };
export type { OAuthLinkProvider, SocialLoginProvider };

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

// A connection finishes in another tab (the provider's consent page opens in a new tab and returns
// to /{provider}/authorization there): that page announces it, and the page that opened it
// refetches. BroadcastChannel reaches every same-origin tab; a localStorage write is the fallback.
const CHANNEL = 'guestspot:oauth-connected';

const isLinkProvider = (value: unknown): value is OAuthLinkProvider =>
  typeof value === 'string' && (OAUTH_LINK_PROVIDERS as readonly string[]).includes(value);

/** Tells the site's other tabs that `provider` is now connected. */
export function announceOAuthConnected(provider: OAuthLinkProvider): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ provider });
    channel.close();
    return;
  }
  try {
    window.localStorage.setItem(CHANNEL, JSON.stringify({ provider, at: Date.now() }));
  } catch {
    // storage unavailable: the other tab refetches when it regains focus
  }
}

/** Calls `listener` when another tab finished connecting a provider; returns the unsubscribe. */
export function onOAuthConnected(listener: (provider: OAuthLinkProvider) => void): () => void {
  const accept = (data: unknown) => {
    const provider = (data as { provider?: unknown } | null)?.provider;
    if (isLinkProvider(provider)) listener(provider);
  };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent) => accept(event.data);
    return () => channel.close();
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHANNEL || !event.newValue) return;
    try {
      accept(JSON.parse(event.newValue));
    } catch {
      // not ours
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
