import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { PageLoading } from '@guestspot/shared-ui';

/** /logout: ends the session on the server and locally, then goes Home. */
export function LogoutPage() {
  const navigate = useNavigate();
  const logout = useSessionStore((state) => state.logout);
  useEffect(() => {
    let active = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        if (active) navigate('/', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [logout, navigate]);
  return <PageLoading label="Signing you out" />;
}
