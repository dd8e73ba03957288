import { useCurrentUser } from '@guestspot/shared-api';
import { ButtonLink } from '@guestspot/shared-ui';
import { AuthScreen } from '../../../components/auth-screen';

/** /verify-email/thanks: where a successful verification lands (a reload shows it again). */
export function VerifyEmailThanksPage() {
  const user = useCurrentUser();
  return (
    <AuthScreen
      title="Thank you for verifying your email"
      lead="Your email address has been verified. Your account is ready to use."
    >
      {user ? (
        <ButtonLink to="/dashboard">Continue to Dashboard</ButtonLink>
      ) : (
        <ButtonLink to="/login">Sign in</ButtonLink>
      )}
    </AuthScreen>
  );
}
