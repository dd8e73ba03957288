import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessages, serverMessage } from '@guestspot/shared-api';
import { subscribeToMailingList } from '@guestspot/shared-api/mailing-list';
import { Button, messages, TextField } from '@guestspot/shared-ui';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
        <MailingListForm />
      </div>
      <p className="gs-footer__legal">© {new Date().getFullYear()} Guestspot</p>
    </footer>
  );
}

/**
 * The footer's email box. A plain form rather than Formik: the footer is on every page, and one
 * field does not justify Formik and yup in the shell's first download.
 */
function MailingListForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ success?: string; error?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const invalid =
      value === ''
        ? messages.required('Email address')
        : EMAIL.test(value)
          ? null
          : messages.email();
    setFieldError(invalid);
    setResult({});
    if (invalid) return;
    setSending(true);
    try {
      await subscribeToMailingList(value);
      setEmail('');
      setResult({ success: MAILING_LIST_SUCCESS });
    } catch (error) {
      setResult({ error: serverMessage(error, errorMessages.somethingWentWrongNoStop) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="gs-footer__mailing" noValidate aria-label="Mailing list" onSubmit={submit}>
      <h2 className="gs-footer__heading">Get the best guests and shows in your inbox</h2>
      <div className="gs-footer__mailing-row">
        <TextField
          type="email"
          label="Email address"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError ?? undefined}
        />
        <Button type="submit" loading={sending}>
          Subscribe
        </Button>
      </div>
      {result.success ? (
        <p role="status" className="gs-footer__note">
          {result.success}
        </p>
      ) : null}
      {result.error ? (
        <p role="alert" className="gs-footer__error">
          {result.error}
        </p>
      ) : null}
    </form>
  );
}
