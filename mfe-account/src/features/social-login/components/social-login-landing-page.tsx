import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { takeRedirect, useSessionStore } from '@guestspot/shared-api';
import { Alert, Spinner } from '@guestspot/shared-ui';
import { CenteredCardPage } from '../../../components/centered-card-page';
import { SOCIAL_LOGIN_MESSAGE, type SocialLoginMessage } from '../../../lib/social-popup';

const FALLBACK_ERROR = 'The social login failed. Please try again.';
const STATUSES = ['success', 'confirmed', 'error'] as const;

/** The opener when it is a page of this site (a popup's parent), else null. */
function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && !opener.closed && opener.location.origin === window.location.origin
      ? opener
      : null;
  } catch {
    // A cross-origin opener cannot even be read.
    return null;
  }
}

/**
 * /login/:provider — where the provider's sign-in lands (spec: social login). In the popup it tells
 * the page that opened it and closes; opened as a full page (popup blocked) it finishes here.
 */
export function SocialLoginLandingPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const probe = useSessionStore((state) => state.probe);
  const rawStatus = params.get('status');
  const status = STATUSES.find((item) => item === rawStatus) ?? 'error';
  const message = params.get('message');
  const [failed, setFailed] = useState<string | null>(
    status === 'error' ? message || FALLBACK_ERROR : null,
  );
  const [told, setTold] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const opener = sameOriginOpener();
    if (opener) {
      const note: SocialLoginMessage = {
        type: SOCIAL_LOGIN_MESSAGE,
        provider,
        status,
        message: status === 'error' ? message || FALLBACK_ERROR : null,
      };
      opener.postMessage(note, window.location.origin);
      setTold(true);
      window.close();
      return;
    }
    if (status === 'success') {
      void probe().then((user) => {
        if (user) navigate(takeRedirect() ?? '/dashboard', { replace: true });
        else setFailed(FALLBACK_ERROR);
      });
    }
  }, [provider, status, message, probe, navigate]);

  const title = failed
    ? 'Sign-in failed'
    : status === 'confirmed'
      ? 'Login confirmed'
      : 'Signing you in';
  return (
    <CenteredCardPage title={title} titleId="social-login-title">
      {failed ? (
        <>
          <Alert tone="danger">{failed}</Alert>
          <p>
            <Link to="/login">Back to sign in</Link>
          </p>
        </>
      ) : status === 'confirmed' || told ? (
        <p>You can close this window.</p>
      ) : (
        <Spinner label="Signing you in" />
      )}
    </CenteredCardPage>
  );
}
