import { Suspense, use, type ComponentType } from 'react';
import { Modal, Spinner, useLoginModalStore } from '@guestspot/shared-ui';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';

export interface LoginFormProps {
  redirect: string | null;
  onDone: () => void;
}

/** The shell hosts the login modal; its form is mfe-account's, loaded when first opened. */
export function LoginModalHost() {
  const open = useLoginModalStore((state) => state.open);
  const redirect = useLoginModalStore((state) => state.redirect);
  const close = useLoginModalStore((state) => state.closeLoginModal);
  return (
    <Modal open={open} onClose={close} title="Sign in to Guestspot" size="sm">
      <RemoteBoundary remote="mfe_account" variant="widget">
        <Suspense fallback={<Spinner label="Loading sign-in" />}>
          {open ? <RemoteLoginForm redirect={redirect} onDone={close} /> : null}
        </Suspense>
      </RemoteBoundary>
    </Modal>
  );
}

function RemoteLoginForm(props: LoginFormProps) {
  const { LoginForm } = use(
    loadRemoteModule<{ LoginForm: ComponentType<LoginFormProps> }>('mfe_account', 'login-form'),
  );
  return <LoginForm {...props} />;
}
