import { LoginForm as Form } from '../features/auth/components/login-form';
import { LOGGED_IN_EVENT } from '@guestspot/shared-ui';
import { useNavigate } from 'react-router-dom';
import '../features/auth/components/auth.css';

/**
 * Exposed as './login-form' for the login modal the shell hosts: on success it closes and goes to
 * the given redirect, or announces a logged-in event (spec: account §4).
 */
export function LoginForm({ redirect, onDone }: { redirect: string | null; onDone: () => void }) {
  const navigate = useNavigate();
  return (
    <Form
      forgotPasswordTo="/"
      signUpRedirect={redirect}
      onSuccess={() => {
        onDone();
        if (redirect) navigate(redirect);
        else window.dispatchEvent(new CustomEvent(LOGGED_IN_EVENT));
      }}
    />
  );
}
