import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { applyFormErrors, authApi } from '@guestspot/shared-api';
import { Alert, Button, messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { AuthScreen } from '../../../components/auth-screen';

const forgotSchema = yup.object({
  email: yup.string().trim().required(messages.required('Email')).email(messages.email()),
});

type ForgotValues = yup.InferType<typeof forgotSchema>;

/** /reset-password: asks for the address and emails a one-time reset link. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  // Kept for "try again", so the address need not be typed twice.
  const [lastEmail, setLastEmail] = useState('');

  if (sent) {
    return (
      <AuthScreen title="Check your email">
        <Alert tone="success">{sent}</Alert>
        <p className="gs-auth-screen__lead">
          The link works once and expires in 60 minutes. Didn&apos;t get it? Check your spam folder
          or{' '}
          <Button variant="link" onClick={() => setSent(null)}>
            try again
          </Button>
          .
        </p>
        <p className="gs-auth-screen__footer">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <Formik<ForgotValues>
        initialValues={{ email: lastEmail }}
        validationSchema={forgotSchema}
        onSubmit={async (values, helpers) => {
          const email = values.email.trim();
          setLastEmail(email);
          try {
            setSent(await authApi.requestPasswordReset(email));
          } catch (error) {
            applyFormErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="gs-auth-form" aria-label="Request a password reset link">
            {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
            <FormTextField name="email" type="email" label="Email" autoComplete="email" />
            <Button type="submit" loading={isSubmitting} className="gs-auth-form__submit">
              Send reset link
            </Button>
            <p className="gs-auth-screen__footer">
              Remembered it? <Link to="/login">Back to sign in</Link>
            </p>
          </Form>
        )}
      </Formik>
    </AuthScreen>
  );
}
