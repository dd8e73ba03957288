import { Suspense, use, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  isOpenToUnfinishedAccounts,
  serverMessage,
  useSessionStore,
  type User,
} from '@guestspot/shared-api';
import { approveTerms } from '@guestspot/shared-api/terms';
import { Button, ButtonLink, Modal, Spinner, toast } from '@guestspot/shared-ui';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';
import './terms-modal.css';

export interface TermsDocumentProps {
  variant?: 'light' | 'dark';
  context?: 'page' | 'dialog';
}

/** Paths where the modal stays away: the terms page itself, and signing out. */
const EXEMPT_PATHS = new Set(['/terms-and-conditions', '/logout']);

/**
 * Who must accept the terms now: a signed-in, verified user with no terms_accepted_at. A pending
 * user is confined to /check-email and the registration wizard first. An impersonator is not
 * asked: only the owner may accept (the server refuses anyone else, and refuses the account's
 * writes until the owner has accepted). Nor is anyone answering a MINIVIEW, which a visitor may
 * do without an account (decision 088).
 */
export function mustAcceptTerms(user: User | null, pathname: string): boolean {
  if (!user || user.terms_accepted_at || user.status === 'pending' || user.impersonator) {
    return false;
  }
  if (isOpenToUnfinishedAccounts(pathname)) return false;
  return !EXEMPT_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/**
 * The terms modal (account §4 'Terms not accepted'): it cannot be dismissed, only accepted (or
 * left by logging out). Its text is mfe-account's './terms', the same as /terms-and-conditions.
 */
export function TermsModalHost() {
  const user = useSessionStore((state) => state.user);
  const { pathname } = useLocation();
  if (!mustAcceptTerms(user, pathname)) return null;
  return <TermsModal />;
}

function TermsModal() {
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const markLoaded = useCallback(() => setLoaded(true), []);

  const accept = async () => {
    setSaving(true);
    try {
      const user = await approveTerms();
      useSessionStore.setState({ user });
    } catch (error) {
      toast.error(serverMessage(error, GENERIC_ERROR_MESSAGE));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      // Not dismissible: no close button, no Escape, no backdrop click.
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnBackdropClick={false}
      hideCloseButton
      size="lg"
      title="Terms of Service"
      description="Please read and accept our Terms of Service to keep using Guestspot."
      className="gs-terms-modal"
      footer={
        <>
          <ButtonLink to="/logout" variant="secondary">
            Log out
          </ButtonLink>
          <Button
            onClick={() => void accept()}
            loading={saving}
            disabled={!loaded || saving}
            aria-describedby={loaded ? undefined : 'gs-terms-modal-wait'}
          >
            Accept
          </Button>
        </>
      }
    >
      <RemoteBoundary remote="mfe_account" variant="widget">
        <Suspense fallback={<Spinner label="Loading the Terms of Service" />}>
          <RemoteTerms onLoaded={markLoaded} />
        </Suspense>
      </RemoteBoundary>
      {loaded ? null : (
        <p id="gs-terms-modal-wait" className="gs-terms-modal__wait">
          You can accept once the terms have loaded.
        </p>
      )}
    </Modal>
  );
}

function RemoteTerms({ onLoaded }: { onLoaded: () => void }) {
  const { TermsDocument } = use(
    loadRemoteModule<{ TermsDocument: ComponentType<TermsDocumentProps> }>('mfe_account', 'terms'),
  );
  useEffect(onLoaded, [onLoaded]);
  return <TermsDocument context="dialog" />;
}
