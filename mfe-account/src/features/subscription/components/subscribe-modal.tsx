import type { PlanName, User } from '@guestspot/shared-api';
import { Modal } from '@guestspot/shared-ui';
import { useState } from 'react';
import { ProFeatureList, SubscribeForm } from '../../../components/subscribe-form';
import { SUBSCRIBED } from './subscribed';
import './subscription.css';

export { SUBSCRIBED };

export interface SubscribeModalProps {
  open: boolean;
  onClose: () => void;
  onSubscribed: (user: User) => void;
}

/**
 * The inside of the Subscribe modal (spec §2): the Pro price and features on the left,
 * SubscribeForm on the right (plan toggle, card or saved method, coupon, Unlock Pro Now, trial
 * note). Also what the shell's host-level Subscribe dialog shows (exposes/subscribe-dialog).
 */
export function SubscribePanel({ onSubscribed }: { onSubscribed: (user: User) => void }) {
  const [plan, setPlan] = useState<PlanName>('monthly');
  return (
    <div className="gs-subscribe-modal">
      <ProFeatureList plan={plan} titleAs="h3" />
      <SubscribeForm onSubscribed={onSubscribed} initialPlan={plan} onPlanChange={setPlan} />
    </div>
  );
}

/** The Subscribe modal of Settings → Pro subscription. */
export function SubscribeModal({ open, onClose, onSubscribed }: SubscribeModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Go Pro" size="lg">
      <SubscribePanel onSubscribed={onSubscribed} />
    </Modal>
  );
}
