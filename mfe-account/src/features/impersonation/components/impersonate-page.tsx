import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { queryClient, serverMessage, useSessionStore } from '@guestspot/shared-api';
import { startImpersonation } from '@guestspot/shared-api/impersonation';
import { Alert, Spinner } from '@guestspot/shared-ui';
import { CenteredCardPage } from '../../../components/centered-card-page';

/** Spec (marketplace §9): impersonation redirect delay 1 second. */
export const IMPERSONATION_REDIRECT_DELAY_MS = 1000;
export const MANAGE_FAILED = 'Cannot manage this account at this time.';

/**
 * /impersonate?user_id={id}: signs this session in as that user (admins: anyone but admins;
 * agency members: the owners they manage), then goes Home.
 */
export function ImpersonatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refetch = useSessionStore((state) => state.refetch);
  const raw = params.get('user_id') ?? '';
  const userId = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    userId === null ? 'This link does not name an account to manage.' : null,
  );
  const started = useRef(false);

  useEffect(() => {
    if (userId === null || started.current) return undefined;
    started.current = true;
    let timer: number | undefined;
    startImpersonation(userId)
      .then((user) => {
        setName(`${user.first_name} ${user.last_name}`);
        timer = window.setTimeout(() => {
          // Everything cached belonged to the previous user.
          queryClient.clear();
          void refetch()
            .catch(() => null)
            .finally(() => navigate('/', { replace: true }));
        }, IMPERSONATION_REDIRECT_DELAY_MS);
      })
      .catch((failure: unknown) => setError(serverMessage(failure, MANAGE_FAILED)));
    return () => window.clearTimeout(timer);
  }, [userId, refetch, navigate]);

  return (
    <CenteredCardPage title="Manage account" titleId="impersonate-title">
      {error ? (
        <>
          <Alert tone="danger">{error}</Alert>
          <p>
            <Link to="/dashboard">Back to your dashboard</Link>
          </p>
        </>
      ) : (
        <p role="status">
          <Spinner size="sm" decorative /> {name ? `Signing in as ${name}…` : 'Signing in…'}
        </p>
      )}
    </CenteredCardPage>
  );
}
