import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { Button, messages } from '@guestspot/shared-ui';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import type { AccountChoice } from '../stores/registration-draft-store';

const CHOICES: { value: AccountChoice; title: string; description: string }[] = [
  {
    value: 'guest',
    title: 'Guest',
    description: 'I want to be interviewed on podcasts and shows.',
  },
  { value: 'show', title: 'Show', description: 'I host a show and book guests.' },
  { value: 'both', title: 'Both', description: 'I host a show and I am a guest on others.' },
];

const accountTypeSchema = yup.object({
  accountType: yup
    .string()
    .oneOf(['guest', 'show', 'both'])
    .required(messages.required('Account type')),
});

/** Step 3 (/register/profile-type): guest, show or both. */
export function AccountTypeStep() {
  const { draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('profile-type');
  return (
    <Formik<{ accountType: AccountChoice | '' }>
      initialValues={{ accountType: draft.accountType ?? '' }}
      validationSchema={accountTypeSchema}
      onSubmit={async ({ accountType }) => {
        if (accountType) await goNext({ accountType, accountTypeDone: true });
      }}
    >
      {({ values, errors, submitCount, setFieldValue, isSubmitting }) => (
        <Form noValidate className="gs-wizard__form" aria-label="Account type">
          <fieldset
            className="gs-wizard__choices"
            aria-describedby={submitCount && errors.accountType ? 'account-type-error' : undefined}
          >
            <legend className="gs-profile-form__legend">How will you use Guestspot?</legend>
            {CHOICES.map((choice) => (
              <label key={choice.value} className="gs-wizard__choice">
                <span>
                  <input
                    type="radio"
                    name="accountType"
                    value={choice.value}
                    checked={values.accountType === choice.value}
                    onChange={() => {
                      void setFieldValue('accountType', choice.value);
                      // Choosing again changes the steps; a finished choice stays until Continue.
                      update({ accountType: choice.value, accountTypeDone: false });
                    }}
                  />{' '}
                  <span className="gs-wizard__choice-title">{choice.title}</span>
                </span>
                <span>{choice.description}</span>
              </label>
            ))}
          </fieldset>
          {submitCount > 0 && errors.accountType ? (
            <p id="account-type-error" role="alert" className="gs-profile-form__group-error">
              {errors.accountType}
            </p>
          ) : null}
          <div className="gs-wizard__actions">
            {canGoBack ? (
              <Button type="button" variant="ghost" onClick={goBack}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={isSubmitting}>
              Continue
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
