import { Suspense, use, type ComponentType } from 'react';
import { useLoginConfirmationStore } from '@guestspot/shared-api';
import { Modal, Spinner } from '@guestspot/shared-ui';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';

export interface LoginConfirmationProps {
  onDone: (confirmed: boolean) => void;
}

/**
 * The password reconfirmation modal (spec: account §2, §4). requestLoginConfirmation() from
 * shared-api opens it; its form is mfe-account's, loaded when first opened. Escape, the close
 * button and Cancel answer false.
 */
export function LoginConfirmationHost() {
  const open = useLoginConfirmationStore((state) => state.open);
  const finish = useLoginConfirmationStore((state) => state.finish);
  return (
    <Modal open={open} onClose={() => finish(false)} title="Confirm it's you" size="sm">
      <RemoteBoundary remote="mfe_account" variant="widget">
        <Suspense fallback={<Spinner label="Loading" />}>
          {open ? <RemoteLoginConfirmation onDone={finish} /> : null}
        </Suspense>
      </RemoteBoundary>
    </Modal>
  );
}

function RemoteLoginConfirmation(props: LoginConfirmationProps) {
  const { LoginConfirmation } = use(
    loadRemoteModule<{ LoginConfirmation: ComponentType<LoginConfirmationProps> }>(
      'mfe_account',
      'login-confirmation',
    ),
  );
  return <LoginConfirmation {...props} />;
}
