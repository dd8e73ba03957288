import { useEffect, useRef, useState } from 'react';
import { useSessionStore, type User } from '@guestspot/shared-api';
import { socialLoginUrl, type SocialLoginProvider } from '@guestspot/shared-api/oauth';
import { Alert, Button } from '@guestspot/shared-ui';
import { isSocialLoginMessage, openSocialPopup } from '../lib/social-popup';
import { OrDivider } from './or-divider';
import './social-login-buttons.css';

const PROVIDERS: { id: SocialLoginProvider; label: string }[] = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'google', label: 'Google' },
];

interface SocialLoginButtonsProps {
  /** Called with the signed-in user, like a password login. */
  onSuccess: (user: User) => void;
}

/**
 * 'Sign in with Facebook' / 'Sign in with Google': a popup at /api/v1/auth/login/{provider};
 * its landing page (/login/:provider) posts the outcome back here. A blocked popup falls back to
 * a full-page navigation, whose landing page then continues on its own.
 */
export function SocialLoginButtons({ onSuccess }: SocialLoginButtonsProps) {
  const probe = useSessionStore((state) => state.probe);
  const [pending, setPending] = useState<SocialLoginProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    if (!pending) return undefined;
    // Closed without finishing: the buttons work again.
    const watch = window.setInterval(() => {
      if (popupRef.current?.closed) {
        window.setTimeout(
          () => setPending((current) => (current === pending ? null : current)),
          500,
        );
      }
    }, 500);
    const onMessage = (event: MessageEvent) => {
      if (!isSocialLoginMessage(event) || event.data.provider !== pending) return;
      if (event.data.status !== 'success') {
        setPending(null);
        setError(event.data.message ?? 'The social login failed. Please try again.');
        return;
      }
      void probe().then((user) => {
        setPending(null);
        if (user) onSuccess(user);
        else setError('The social login failed. Please try again.');
      });
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(watch);
      window.removeEventListener('message', onMessage);
    };
  }, [pending, probe, onSuccess]);

  return (
    <div className="gs-social-login">
      <OrDivider />
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {PROVIDERS.map(({ id, label }) => (
        <Button
          key={id}
          type="button"
          variant="secondary"
          fullWidth
          loading={pending === id}
          disabled={pending !== null && pending !== id}
          onClick={() => {
            setError(null);
            const popup = openSocialPopup(id);
            popupRef.current = popup;
            if (popup) setPending(id);
            else window.location.assign(socialLoginUrl(id));
          }}
        >
          Sign in with {label}
        </Button>
      ))}
    </div>
  );
}
