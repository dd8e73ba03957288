import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  BrowserRouter,
  Link,
  matchRoutes,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  isApiError,
  queryClient,
  useSessionStore,
  type RouteHandle,
} from '@guestspot/shared-api';
// The root entry by its name: its stores (toasts, confirmations) are the shared ones.
import {
  AccessGuard,
  Button,
  ConfirmHost,
  PageBoundary,
  ProFeatureDialogHost,
  TextField,
  ToastHost,
} from '@guestspot/shared-ui';
import './standalone-app.css';

/** The sign-in a remote running alone offers where the full site would go to /login. */
function StandaloneSignIn() {
  const login = useSessionStore((state) => state.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await login({ email, password, remember_me: false });
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : GENERIC_ERROR_MESSAGE);
      setPassword('');
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="gs-standalone__signin" onSubmit={submit} aria-labelledby="standalone-signin">
      <h1 id="standalone-signin">Sign in to use this page</h1>
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit" loading={pending}>
        Sign In
      </Button>
    </form>
  );
}

function StandaloneLayout({ title, routes }: { title: string; routes: RouteObject[] }) {
  const location = useLocation();
  const page = useRoutes(routes);
  const matches = matchRoutes(routes, location) ?? [];
  const user = useSessionStore((state) => state.user);
  const logout = useSessionStore((state) => state.logout);
  const access =
    [...matches]
      .reverse()
      .map((match) => (match.route.handle as RouteHandle | undefined)?.access)
      .find(Boolean) ?? 'public';

  return (
    <div className="gs-standalone">
      <header className="gs-standalone__header">
        <Link to="/" className="gs-standalone__title">
          Guestspot · {title}
        </Link>
        <span className="gs-standalone__tag">standalone</span>
        <div className="gs-standalone__session">
          {user ? (
            <>
              <span>
                {user.first_name} {user.last_name}
              </span>
              <Button variant="secondary" size="sm" onClick={() => void logout()}>
                Log out
              </Button>
            </>
          ) : null}
        </div>
      </header>
      <main className="gs-standalone__main">
        <AccessGuard access={access} signIn={<StandaloneSignIn />}>
          <PageBoundary>{page}</PageBoundary>
        </AccessGuard>
      </main>
      <ToastHost />
      <ConfirmHost />
      <ProFeatureDialogHost />
    </div>
  );
}

/**
 * A remote running on its own for its team (`npm run dev -w mfe-booking`): its routes with the
 * session, guard, toasts and dialogs they need, and a bare header instead of the shell's.
 */
export function StandaloneApp({ title, routes }: { title: string; routes: RouteObject[] }) {
  useEffect(() => {
    void useSessionStore.getState().probe();
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <StandaloneLayout title={title} routes={routes} />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}
