import { useMutation } from '@tanstack/react-query';
import { authApi, GENERIC_ERROR_MESSAGE, serverMessage } from '@guestspot/shared-api';
import { Alert, Button } from '@guestspot/shared-ui';

/**
 * 'Resend verification email' (POST /auth/email/resend): busy while sending, then the server's
 * answer — the confirmation, or e.g. 'Please wait 42 seconds before requesting another email.'
 */
export function ResendVerification({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const resend = useMutation({ mutationFn: authApi.resendVerificationEmail });
  return (
    <div className="gs-auth-screen__body">
      {resend.isSuccess ? <Alert tone="success">{resend.data}</Alert> : null}
      {resend.isError ? (
        <Alert tone="danger">{serverMessage(resend.error, GENERIC_ERROR_MESSAGE)}</Alert>
      ) : null}
      <Button
        variant={variant}
        loading={resend.isPending}
        onClick={() => resend.mutate()}
        className="gs-auth-form__submit"
      >
        Resend verification email
      </Button>
    </div>
  );
}
