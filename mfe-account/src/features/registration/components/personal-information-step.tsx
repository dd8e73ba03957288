import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { applyFormErrors, authApi, useSessionStore } from '@guestspot/shared-api';
import { Alert, Button, messages } from '@guestspot/shared-ui';
import { DraftSync, FormCheckbox, FormPhoneField, FormTextField } from '@guestspot/shared-ui/forms';
import { emailRule, nameRule, newPasswordRules, phoneRule } from '../../../lib/account-field-rules';
import { browserTimezone } from '../../../lib/browser-timezone';
import { useRegistrationDraftStore, type VisitorDraft } from '../stores/registration-draft-store';

const personalSchema = yup.object({
  first_name: nameRule('First name'),
  last_name: nameRule('Last name'),
  email: emailRule(),
  phone: phoneRule(),
  ...newPasswordRules,
  terms: yup.boolean().oneOf([true], messages.required('Terms of Service')).required(),
});

type PersonalValues = yup.InferType<typeof personalSchema>;

/** Step 1 (/register and /register-pro): creates the account, signed in as 'pending'. */
export function PersonalInformationStep({ pro = false }: { pro?: boolean }) {
  const navigate = useNavigate();
  const visitor = useRegistrationDraftStore((state) => state.visitor);
  const setVisitor = useRegistrationDraftStore((state) => state.setVisitor);
  const update = useRegistrationDraftStore((state) => state.update);

  const initialValues: PersonalValues = {
    first_name: visitor?.first_name ?? '',
    last_name: visitor?.last_name ?? '',
    email: visitor?.email ?? '',
    phone: visitor?.phone ?? '',
    password: '',
    password_confirmation: '',
    terms: false,
  };

  return (
    <Formik<PersonalValues>
      initialValues={initialValues}
      validationSchema={personalSchema}
      onSubmit={async (values, helpers) => {
        try {
          const user = await authApi.register({
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            email: values.email.trim(),
            phone: values.phone,
            password: values.password,
            password_confirmation: values.password_confirmation,
            terms: true,
            timezone: browserTimezone(),
          });
          update(user.id, { pro });
          setVisitor(null);
          // probe() marks the session as loading at once: the guard waits on the next step
          // instead of treating the visitor as signed out, then the new user arrives.
          const probing = useSessionStore.getState().probe();
          navigate('/register/subscription', { replace: true });
          await probing;
        } catch (error) {
          applyFormErrors(error, helpers);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="gs-wizard__form" aria-label="Personal information">
          <DraftSync<PersonalValues>
            onChange={(values) => {
              // Passwords are never kept.
              const draft: VisitorDraft = {
                first_name: values.first_name,
                last_name: values.last_name,
                email: values.email,
                phone: values.phone,
              };
              setVisitor(draft);
            }}
          />
          {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
          <div className="gs-profile-form__row">
            <FormTextField
              name="first_name"
              label="First name"
              required
              autoComplete="given-name"
            />
            <FormTextField name="last_name" label="Last name" required autoComplete="family-name" />
          </div>
          <FormTextField
            name="email"
            type="email"
            label="Email address"
            required
            autoComplete="email"
          />
          <FormPhoneField name="phone" label="Phone number" required autoComplete="tel-national" />
          <FormTextField
            name="password"
            type="password"
            label="Password"
            required
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <FormTextField
            name="password_confirmation"
            type="password"
            label="Password confirmation"
            required
            autoComplete="new-password"
          />
          <FormCheckbox
            name="terms"
            required
            label={
              <>
                I accept the{' '}
                <a href="/terms-and-conditions" target="_blank" rel="noopener noreferrer">
                  Terms of Service
                </a>
              </>
            }
          />
          <div className="gs-wizard__actions">
            <span />
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Continue
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
