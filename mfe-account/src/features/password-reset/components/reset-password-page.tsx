import { Form, Formik } from 'formik';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { applyFormErrors, authApi } from '@guestspot/shared-api';
import { Alert, Button, ButtonLink, messages, toast } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { newPasswordRules } from '../../../lib/account-field-rules';
import { AuthScreen } from '../../../components/auth-screen';
import { LinkTokenGate } from '../../../components/link-token-gate';
import { signInAndGo } from '../../../lib/sign-in-and-go';

const resetSchema = yup.object({
  email: yup.string().trim().required(messages.required('Email')).email(messages.email()),
  ...newPasswordRules,
});

type ResetValues = yup.InferType<typeof resetSchema>;

/** /reset-password/:token?email=…: checks the emailed link, then sets a new password. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() || undefined;

  return (
    <AuthScreen title="Choose a new password">
      <LinkTokenGate
        token={token}
        email={email}
        type="reset-password"
        invalidAction={
          <ButtonLink to="/reset-password" variant="secondary">
            Request a new link
          </ButtonLink>
        }
      >
        {(validation) => <ResetPasswordForm token={token} email={validation.email} />}
      </LinkTokenGate>
    </AuthScreen>
  );
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  return (
    <Formik<ResetValues>
      initialValues={{ email, password: '', password_confirmation: '' }}
      validationSchema={resetSchema}
      onSubmit={async (values, helpers) => {
        try {
          const result = await authApi.resetPassword({
            token,
            email: values.email.trim(),
            password: values.password,
            password_confirmation: values.password_confirmation,
          });
          toast.success(result.message);
          signInAndGo(result.data, navigate, '/dashboard');
        } catch (error) {
          applyFormErrors(error, helpers);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="gs-auth-form" aria-label="Reset password">
          {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
          <FormTextField name="email" type="email" label="Email" autoComplete="username" readOnly />
          <FormTextField
            name="password"
            type="password"
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <FormTextField
            name="password_confirmation"
            type="password"
            label="Confirm password"
            autoComplete="new-password"
          />
          <Button type="submit" loading={isSubmitting} className="gs-auth-form__submit">
            Reset password
          </Button>
          <p className="gs-auth-screen__footer">
            Link not working? <Link to="/reset-password">Request a new link</Link>
          </p>
        </Form>
      )}
    </Formik>
  );
}
