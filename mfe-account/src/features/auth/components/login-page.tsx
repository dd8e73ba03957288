import { useNavigate } from 'react-router-dom';
import { takeRedirect } from '@guestspot/shared-api';
import { Card } from '@guestspot/shared-ui';
import { LoginForm } from './login-form';
import './auth.css';

/** /login: after signing in, back to the path the guard remembered, else the dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  return (
    <section className="gs-auth-page" aria-labelledby="login-title">
      <Card className="gs-auth-page__card">
        <h1 id="login-title" className="gs-auth-page__title">
          Sign in
        </h1>
        <p className="gs-auth-page__lead">Welcome back! Sign in to manage your bookings.</p>
        <LoginForm onSuccess={() => navigate(takeRedirect() ?? '/dashboard', { replace: true })} />
      </Card>
    </section>
  );
}
