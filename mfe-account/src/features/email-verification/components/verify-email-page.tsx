import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  authApi,
  isApiError,
  serverMessage,
  useCurrentUser,
  useSessionStore,
  queryKeys,
} from '@guestspot/shared-api';
import { Alert, ButtonLink, ErrorState, PageLoading } from '@guestspot/shared-ui';
import { AuthScreen } from '../../../components/auth-screen';
import { ResendVerification } from './resend-verification';

export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired.';
export const VERIFY_EMAIL_THANKS_PATH = '/verify-email/thanks';

/**
 * The API path carried by the emailed link, or null. Only this site's own
 * /api/v1/auth/email/verify/{id}/{token} is ever called: another origin, another endpoint, a
 * query string or a path that climbs out with '..' is refused without a request.
 */
export function verificationPathFrom(value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || url.search || url.hash) return null;
  return authApi.isVerificationPath(url.pathname) ? url.pathname : null;
}

/** /verify-email?url=…: verifies the address, reloads the user, then says thank you. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const path = verificationPathFrom(params.get('url'));
  return path ? <Verification path={path} /> : <InvalidLink message={INVALID_VERIFICATION_LINK} />;
}

function Verification({ path }: { path: string }) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: queryKeys.verifyEmail(path),
    queryFn: async () => {
      const result = await authApi.verifyEmail(path);
      // The signed-in user (if it is them) is no longer pending: the guard must know at once.
      await useSessionStore
        .getState()
        .refetch()
        .catch(() => null);
      return result;
    },
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const verified = query.isSuccess;

  useEffect(() => {
    if (verified) navigate(VERIFY_EMAIL_THANKS_PATH, { replace: true });
  }, [verified, navigate]);

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 422) {
      return <InvalidLink message={serverMessage(query.error, INVALID_VERIFICATION_LINK)} />;
    }
    return (
      <AuthScreen title="Verify your email">
        <ErrorState
          title="We could not verify your email"
          message={serverMessage(query.error, 'Please try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </AuthScreen>
    );
  }
  return <PageLoading label="Verifying your email" />;
}

function InvalidLink({ message }: { message: string }) {
  const user = useCurrentUser();
  return (
    <AuthScreen title="Verify your email">
      <Alert tone="danger">{message}</Alert>
      {user === null ? (
        <p className="gs-auth-screen__footer">
          <Link to="/login">Sign in</Link> to request a new verification email.
        </p>
      ) : user.status === 'pending' ? (
        <ResendVerification />
      ) : (
        <>
          <p className="gs-auth-screen__footer">Your email address is already verified.</p>
          <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
        </>
      )}
    </AuthScreen>
  );
}
