import { useEffect, useRef, useState } from 'react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import {
  applyFormErrors,
  clearLoginConfirmedCookie,
  confirmLogin,
  errorMessages,
  hasLoginConfirmedCookie,
  isApiError,
  SOCIAL_CONFIRMATION_SECONDS,
} from '@guestspot/shared-api';
import { type SocialLoginProvider } from '@guestspot/shared-api/oauth';
import { Alert, Button, messages, toast } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { isSocialLoginMessage, openSocialPopup } from '../../../lib/social-popup';
import { OrDivider } from '../../../components/or-divider';
import './login-confirmation-form.css';

export const SOCIAL_CONFIRM_FAILED = 'The social login confirmation failed.';

const schema = yup.object({
  password: yup.string().required(messages.required('Confirm password')),
});

export interface LoginConfirmationFormProps {
  /** true once the server recorded the confirmation; false on Cancel. */
  onDone: (confirmed: boolean) => void;
}

/**
 * The password reconfirmation modal's content (spec: account §2, §4): 'Confirm password', or
 * alternatively Facebook / Google in a popup, waiting up to 120 s for the login_confirmed cookie.
 */
export function LoginConfirmationForm({ onDone }: LoginConfirmationFormProps) {
  const [social, setSocial] = useState<{ provider: SocialLoginProvider; left: number } | null>(
    null,
  );
  const [socialError, setSocialError] = useState<string | null>(null);
  const popupRef = useRef<Window | null>(null);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;

  const waiting = social !== null;
  useEffect(() => {
    if (!waiting) return undefined;
    const finish = (confirmed: boolean) => {
      setSocial(null);
      if (confirmed) doneRef.current(true);
      else setSocialError(SOCIAL_CONFIRM_FAILED);
    };
    // Poll each second for the cookie, counting down (spec: 120 s).
    let left = SOCIAL_CONFIRMATION_SECONDS;
    const tick = window.setInterval(() => {
      if (hasLoginConfirmedCookie()) {
        finish(true);
        return;
      }
      left -= 1;
      if (left <= 0) finish(false);
      else setSocial((current) => (current ? { ...current, left } : current));
    }, 1000);
    const onMessage = (event: MessageEvent) => {
      if (!isSocialLoginMessage(event)) return;
      if (event.data.status === 'error') finish(false);
      else if (hasLoginConfirmedCookie()) finish(true);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(tick);
      window.removeEventListener('message', onMessage);
    };
  }, [waiting]);

  useEffect(() => () => popupRef.current?.close(), []);

  const startSocial = (provider: SocialLoginProvider) => {
    setSocialError(null);
    clearLoginConfirmedCookie();
    const popup = openSocialPopup(provider, 'confirm');
    popupRef.current = popup;
    if (!popup) {
      setSocialError('Allow pop-ups for this site to confirm with a social account.');
      return;
    }
    setSocial({ provider, left: SOCIAL_CONFIRMATION_SECONDS });
  };

  return (
    <div className="gs-login-confirmation">
      <p className="gs-login-confirmation__lead">
        For your security, please confirm it&apos;s you before continuing.
      </p>
      <Formik
        initialValues={{ password: '' }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            await confirmLogin(values.password);
            onDone(true);
          } catch (error) {
            if (isApiError(error) && error.status === 0)
              toast.error(errorMessages.sorryAnErrorOcured);
            else applyFormErrors(error, helpers);
            helpers.setFieldValue('password', '', false);
          }
        }}
      >
        {({ isSubmitting, status, errors }) => (
          <Form
            noValidate
            className="gs-login-confirmation__form"
            aria-label="Confirm your password"
          >
            {/* the field already says what the server said about it */}
            {status?.error && status.error !== errors.password ? (
              <Alert tone="danger">{status.error}</Alert>
            ) : null}
            <FormTextField
              name="password"
              type="password"
              label="Confirm password"
              autoComplete="current-password"
            />
            <div className="gs-login-confirmation__actions">
              <Button type="button" variant="secondary" onClick={() => onDone(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={waiting}>
                Confirm
              </Button>
            </div>
          </Form>
        )}
      </Formik>
      <OrDivider />
      {socialError ? <Alert tone="danger">{socialError}</Alert> : null}
      {social ? (
        <p role="status" className="gs-login-confirmation__countdown">
          Waiting for {social.provider === 'facebook' ? 'Facebook' : 'Google'}… {social.left}{' '}
          seconds left.
        </p>
      ) : null}
      <div className="gs-login-confirmation__social">
        <Button
          type="button"
          variant="secondary"
          fullWidth
          loading={social?.provider === 'facebook'}
          disabled={waiting}
          onClick={() => startSocial('facebook')}
        >
          Sign in with Facebook
        </Button>
        <Button
          type="button"
          variant="secondary"
          fullWidth
          loading={social?.provider === 'google'}
          disabled={waiting}
          onClick={() => startSocial('google')}
        >
          Sign in with Google
        </Button>
      </div>
    </div>
  );
}
