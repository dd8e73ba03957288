import * as yup from 'yup';
import { messages } from '@guestspot/shared-ui';

// The account's field rules (account spec §5), written once for every form that asks for them:
// registration, complete-account, reset-password and, later, the settings rows.

export const MAX_ACCOUNT_FIELD_LENGTH = 255;
export const MIN_PASSWORD_LENGTH = 8;

/** A required name field: 'First name', 'Last name'. */
export function nameRule(label: string) {
  return yup
    .string()
    .trim()
    .required(messages.required(label))
    .max(MAX_ACCOUNT_FIELD_LENGTH, messages.maxLength(label, MAX_ACCOUNT_FIELD_LENGTH));
}

/** A required email: 'Email address' in the profile fields, 'Email' in the auth forms. */
export function emailRule(label = 'Email address') {
  return yup
    .string()
    .trim()
    .required(messages.required(label))
    .email(messages.email())
    .max(MAX_ACCOUNT_FIELD_LENGTH, messages.maxLength(label, MAX_ACCOUNT_FIELD_LENGTH));
}

/** Ten digits, typed through the (###) ###-#### mask. */
export function phoneRule(label = 'Phone number') {
  return yup
    .string()
    .required(messages.required(label))
    .test(
      'ten-digits',
      messages.minLength(label, 10),
      (value) => (value ?? '').replace(/\D/g, '').length === 10,
    );
}

/**
 * password + password_confirmation of a form that sets a new password, with the labels the form
 * shows ('Password' / 'Password confirmation' by default; the Settings row says 'New password').
 */
export function newPasswordFields(label = 'Password', confirmationLabel = `${label} confirmation`) {
  return {
    password: yup
      .string()
      .required(messages.required(label))
      .min(MIN_PASSWORD_LENGTH, messages.minLength(label, MIN_PASSWORD_LENGTH)),
    password_confirmation: yup
      .string()
      .required(messages.required(confirmationLabel))
      // A matching confirmation is as long as the password, whose own rule says min 8.
      .oneOf([yup.ref('password')], messages.confirmed()),
  };
}

/** password + password_confirmation of a form that sets a new password. */
export const newPasswordRules = newPasswordFields();
