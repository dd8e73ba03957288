import {
  LoginConfirmationForm,
  type LoginConfirmationFormProps,
} from '../features/login-confirmation/components/login-confirmation-form';

/** Exposed as './login-confirmation' for the password reconfirmation modal the shell hosts. */
export function LoginConfirmation(props: LoginConfirmationFormProps) {
  return <LoginConfirmationForm {...props} />;
}
