import { Suspense, use, type ComponentType } from 'react';
import type { User } from '@guestspot/shared-api';
import {
  closeSubscribeDialog,
  Modal,
  Spinner,
  useSubscribeDialogStore,
} from '@guestspot/shared-ui';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';

export interface SubscribeDialogContentProps {
  onSubscribed: (user: User) => void;
}

/**
 * The Subscribe dialog (Pro plans, 97 / 997) that openSubscribeDialog() opens from any remote.
 * Its form is mfe-account's './subscribe-dialog', loaded when first opened; subscribing closes
 * it, then tells the opener (the form has refreshed the session by then).
 */
export function SubscribeDialogHost() {
  const open = useSubscribeDialogStore((state) => state.open);
  const onSubscribed = useSubscribeDialogStore((state) => state.onSubscribed);
  return (
    <Modal open={open} onClose={closeSubscribeDialog} title="Go Pro" size="lg">
      <RemoteBoundary remote="mfe_account" variant="widget">
        <Suspense fallback={<Spinner label="Loading the subscription form" />}>
          {open ? (
            <RemoteSubscribeDialog
              onSubscribed={(user) => {
                closeSubscribeDialog();
                onSubscribed?.(user);
              }}
            />
          ) : null}
        </Suspense>
      </RemoteBoundary>
    </Modal>
  );
}

function RemoteSubscribeDialog(props: SubscribeDialogContentProps) {
  const { SubscribeDialogContent } = use(
    loadRemoteModule<{ SubscribeDialogContent: ComponentType<SubscribeDialogContentProps> }>(
      'mfe_account',
      'subscribe-dialog',
    ),
  );
  return <SubscribeDialogContent {...props} />;
}
