import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import {
  applyFormErrors,
  rememberRedirect,
  useSessionStore,
  type User,
} from '@guestspot/shared-api';
import { Alert, Button, messages } from '@guestspot/shared-ui';
import { FormCheckbox, FormTextField } from '@guestspot/shared-ui/forms';
import { SocialLoginButtons } from '../../../components/social-login-buttons';

const loginSchema = yup.object({
  email: yup.string().trim().required(messages.required('Email')),
  password: yup.string().required(messages.required('Password')),
  remember_me: yup.boolean(),
});

type LoginValues = yup.InferType<typeof loginSchema>;

interface LoginFormProps {
  /** Called with the signed-in user once the session exists. */
  onSuccess: (user: User) => void;
  /** Where the sign-up link should bring the user back to after registering. */
  signUpRedirect?: string | null;
  /** The spec's modal points its forgot-password link at '/'. */
  forgotPasswordTo?: string;
}

/** Email, password, remember me, Sign In: the one login form of the page and the modal. */
export function LoginForm({
  onSuccess,
  signUpRedirect,
  forgotPasswordTo = '/reset-password',
}: LoginFormProps) {
  const login = useSessionStore((state) => state.login);
  return (
    <div className="gs-login">
      <Formik<LoginValues>
        initialValues={{ email: '', password: '', remember_me: false }}
        validationSchema={loginSchema}
        onSubmit={async (values, helpers) => {
          try {
            const user = await login({
              email: values.email.trim(),
              password: values.password,
              remember_me: Boolean(values.remember_me),
            });
            onSuccess(user);
          } catch (error) {
            applyFormErrors(error, helpers);
            // The password never stays in the form after a failed attempt.
            helpers.setFieldValue('password', '', false);
            helpers.setFieldTouched('password', false, false);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="gs-login-form" aria-label="Sign in">
            {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
            <FormTextField name="email" type="email" label="Email" autoComplete="email" />
            <FormTextField
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
            />
            <div className="gs-login-form__row">
              <FormCheckbox name="remember_me" label="Remember me" />
              <Link to={forgotPasswordTo}>Forgot password?</Link>
            </div>
            <Button type="submit" loading={isSubmitting} className="gs-login-form__submit">
              Sign In
            </Button>
            <p className="gs-login-form__signup">
              Don&apos;t have an account?{' '}
              <Link
                to="/register"
                onClick={() => {
                  if (signUpRedirect) rememberRedirect(signUpRedirect);
                }}
              >
                Sign up
              </Link>
            </p>
          </Form>
        )}
      </Formik>
      <SocialLoginButtons onSuccess={onSuccess} />
    </div>
  );
}
