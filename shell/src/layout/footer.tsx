import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import * as yup from 'yup';
import { applyFormErrors, serverMessage, subscribeToMailingList } from '@guestspot/shared-api';
import { Button, FormTextField, messages } from '@guestspot/shared-ui';

const mailingListSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(messages.required('Email address'))
    .email('Please enter a valid email address'),
});

const social = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
];

export const MAILING_LIST_SUCCESS = 'Thanks for subscribing!';

export function Footer() {
  return (
    <footer className="gs-footer">
      <div className="gs-footer__inner">
        <nav aria-label="Footer" className="gs-footer__links">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/browse?showing=guests">Guests</Link>
            </li>
            <li>
              <Link to="/browse?showing=shows">Shows</Link>
            </li>
            <li>
              <Link to="/pages/faq">FAQ</Link>
            </li>
          </ul>
          <ul className="gs-footer__social">
            {social.map((item) => (
              <li key={item.name}>
                <a href={item.href} target="_blank" rel="noopener noreferrer">
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Formik
          initialValues={{ email: '' }}
          validationSchema={mailingListSchema}
          onSubmit={async (values, helpers) => {
            try {
              await subscribeToMailingList(values.email.trim());
              helpers.resetForm();
              helpers.setStatus({ success: MAILING_LIST_SUCCESS });
            } catch (error) {
              applyFormErrors(error, helpers);
              helpers.setStatus({ error: serverMessage(error, 'Something went wrong') });
            }
          }}
        >
          {({ isSubmitting, status }) => (
            <Form className="gs-footer__mailing" noValidate aria-label="Mailing list">
              <h2 className="gs-footer__heading">Get the best guests and shows in your inbox</h2>
              <div className="gs-footer__mailing-row">
                <FormTextField
                  name="email"
                  type="email"
                  label="Email address"
                  autoComplete="email"
                />
                <Button type="submit" loading={isSubmitting}>
                  Subscribe
                </Button>
              </div>
              {status?.success ? (
                <p role="status" className="gs-footer__note">
                  {status.success}
                </p>
              ) : null}
              {status?.error ? (
                <p role="alert" className="gs-footer__error">
                  {status.error}
                </p>
              ) : null}
            </Form>
          )}
        </Formik>
      </div>
      <p className="gs-footer__legal">© {new Date().getFullYear()} Guestspot</p>
    </footer>
  );
}
