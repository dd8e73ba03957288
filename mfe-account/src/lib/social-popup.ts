import { socialLoginUrl, type SocialLoginProvider } from '@guestspot/shared-api/oauth';

/** What the /login/:provider page in the popup tells the window that opened it. */
export const SOCIAL_LOGIN_MESSAGE = 'guestspot:social-login';

export interface SocialLoginMessage {
  type: typeof SOCIAL_LOGIN_MESSAGE;
  provider: string;
  status: 'success' | 'confirmed' | 'error';
  message: string | null;
}

export function isSocialLoginMessage(
  event: MessageEvent,
): event is MessageEvent<SocialLoginMessage> {
  const data: unknown = event.data;
  return (
    event.origin === window.location.origin &&
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SOCIAL_LOGIN_MESSAGE
  );
}

/**
 * Opens the provider's sign-in in a popup. Returns the popup, or null when the browser blocked
 * it (then the caller falls back to a full-page navigation, or says so).
 */
export function openSocialPopup(provider: SocialLoginProvider, purpose?: 'confirm'): Window | null {
  const width = 520;
  const height = 680;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(
    socialLoginUrl(provider, purpose),
    `guestspot-${provider}-login`,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}
