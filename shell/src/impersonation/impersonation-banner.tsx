import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryClient, serverMessage, useCurrentUser, useSessionStore } from '@guestspot/shared-api';
import { stopImpersonation } from '@guestspot/shared-api/impersonation';
import { Button, toast } from '@guestspot/shared-ui';
import './impersonation-banner.css';

export const STOP_FAILED = 'Cannot stop impersination at this time.';

/** Under the header while the session acts as someone else: who, and a way back. */
export function ImpersonationBanner() {
  const user = useCurrentUser();
  const refetch = useSessionStore((state) => state.refetch);
  const navigate = useNavigate();
  const [stopping, setStopping] = useState(false);
  if (!user?.impersonator) return null;

  const stop = async () => {
    setStopping(true);
    try {
      await stopImpersonation();
      queryClient.clear();
      await refetch().catch(() => null);
      navigate('/dashboard');
    } catch (error) {
      toast.error(serverMessage(error, STOP_FAILED));
    } finally {
      setStopping(false);
    }
  };

  return (
    <div className="gs-impersonation-banner" role="region" aria-label="Impersonation">
      <p className="gs-impersonation-banner__text">
        You are impersonating{' '}
        <strong>
          {user.first_name} {user.last_name}
        </strong>{' '}
        (signed in as {user.impersonator.name}).
      </p>
      <Button size="sm" variant="secondary" loading={stopping} onClick={() => void stop()}>
        Stop Impersonating
      </Button>
    </div>
  );
}
