import { useEffect, useRef, type ReactNode } from 'react';
import { useSessionStore } from '@guestspot/shared-api';
import { Button, EmptyState, openSubscribeDialog } from '@guestspot/shared-ui';
import './create-miniview.css';

/** The page frame of the creation steps: title, which step, and the step. */
export function CreateLayout({
  step,
  children,
}: {
  /** 1 (title) or 2 (questions) */
  step: 1 | 2;
  children: ReactNode;
}) {
  return (
    <section className="gs-page gs-page--narrow gs-miniview-create" aria-labelledby="create-title">
      <h1 id="create-title" className="gs-page__title">
        Create MINIVIEW™
      </h1>
      <p className="gs-miniview-create__step">
        Step {step} of 2: {step === 1 ? 'Title' : 'Questions'}
      </p>
      <ProOnly>{children}</ProOnly>
    </section>
  );
}

export const PRO_FEATURE_TITLE = 'MINIVIEW™ creation is a Pro feature.';

/**
 * A standard account meets the Subscribe dialog first (spec §2.10); once subscribed the session
 * says Pro and the step shows. Closed without subscribing, the page says why and can open it
 * again (decision 087).
 */
function ProOnly({ children }: { children: ReactNode }) {
  // No user (signing out): the guard decides, not this page.
  const standard = useSessionStore((state) => !!state.user && state.user.account_type !== 'pro');
  const asked = useRef(false);
  useEffect(() => {
    if (!standard || asked.current) return;
    asked.current = true;
    openSubscribeDialog();
  }, [standard]);
  if (!standard) return children;
  return (
    <EmptyState
      title={PRO_FEATURE_TITLE}
      message="Subscribe to Guestspot Pro to share questions that anyone answers on video or audio."
      action={<Button onClick={() => openSubscribeDialog()}>Go Pro</Button>}
    />
  );
}
