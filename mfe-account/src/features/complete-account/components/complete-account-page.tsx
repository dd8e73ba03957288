import { Form, Formik } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import { applyFormErrors, authApi } from '@guestspot/shared-api';
import { Alert, Button, ButtonLink, toast } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { nameRule, newPasswordRules } from '../../../lib/account-field-rules';
import { AuthScreen } from '../../../components/auth-screen';
import { LinkTokenGate } from '../../../components/link-token-gate';
import { signInAndGo } from '../../../lib/sign-in-and-go';

const completeSchema = yup.object({
  first_name: nameRule('First name'),
  last_name: nameRule('Last name'),
  ...newPasswordRules,
});

type CompleteValues = yup.InferType<typeof completeSchema>;

export const WELCOME_MESSAGE = 'Welcome to Guestspot! Your account is ready.';

/** /complete-account/:token: someone invited by email chooses their name and password. */
export function CompleteAccountPage() {
  const { token = '' } = useParams();
  return (
    <AuthScreen title="Complete your account">
      <LinkTokenGate
        token={token}
        type="complete-account"
        invalidAction={
          <p className="gs-auth-screen__footer">
            Ask the person who invited you to send a new invitation, or{' '}
            <ButtonLink to="/login" variant="link">
              sign in
            </ButtonLink>{' '}
            if you already finished your account.
          </p>
        }
      >
        {(validation) => (
          <CompleteAccountForm
            token={token}
            email={validation.email}
            firstName={validation.first_name ?? ''}
            lastName={validation.last_name ?? ''}
          />
        )}
      </LinkTokenGate>
    </AuthScreen>
  );
}

function CompleteAccountForm({
  token,
  email,
  firstName,
  lastName,
}: {
  token: string;
  email: string;
  firstName: string;
  lastName: string;
}) {
  const navigate = useNavigate();
  return (
    <Formik<CompleteValues>
      initialValues={{
        first_name: firstName,
        last_name: lastName,
        password: '',
        password_confirmation: '',
      }}
      validationSchema={completeSchema}
      onSubmit={async (values, helpers) => {
        try {
          const user = await authApi.completeAccount({
            token,
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            password: values.password,
            password_confirmation: values.password_confirmation,
          });
          toast.success(WELCOME_MESSAGE);
          signInAndGo(user, navigate, '/dashboard');
        } catch (error) {
          applyFormErrors(error, helpers);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="gs-auth-form" aria-label="Complete your account">
          <p className="gs-auth-screen__lead">
            Your account is <strong>{email}</strong>. Tell us your name and choose a password.
          </p>
          {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
          <FormTextField name="first_name" label="First name" autoComplete="given-name" />
          <FormTextField name="last_name" label="Last name" autoComplete="family-name" />
          <FormTextField
            name="password"
            type="password"
            label="Password"
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
            Complete account
          </Button>
        </Form>
      )}
    </Formik>
  );
}
