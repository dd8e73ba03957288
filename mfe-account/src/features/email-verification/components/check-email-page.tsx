import { Link } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { Alert, ButtonLink } from '@guestspot/shared-ui';
import { AuthScreen } from '../../../components/auth-screen';
import { ResendVerification } from './resend-verification';

/**
 * /check-email: where a signed-in user whose address is not verified yet is kept (the guard
 * sends them here), until they open the link we emailed.
 */
export function CheckEmailPage() {
  const user = useCurrentUser();
  if (user && user.status !== 'pending') {
    return (
      <AuthScreen title="Your email address is verified">
        <Alert tone="success">You are all set.</Alert>
        <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen
      title="Check your email"
      lead={
        <>
          We sent a verification link to <strong>{user?.email ?? 'your email address'}</strong>.
          Open it to activate your account.
        </>
      }
    >
      <p className="gs-auth-screen__footer">
        Can&apos;t find it? Look in your spam folder, or ask for a new link.
      </p>
      <ResendVerification />
      <p className="gs-auth-screen__footer">
        Wrong account? <Link to="/logout">Log out</Link>
      </p>
    </AuthScreen>
  );
}
