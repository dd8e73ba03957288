import type { PlanName, User } from '@guestspot/shared-api';
import { Modal } from '@guestspot/shared-ui';
import { useState } from 'react';
import { ProFeatureList, SubscribeForm } from '../../../components/subscribe-form';
import './subscription.css';

export interface SubscribeModalProps {
  open: boolean;
  onClose: () => void;
  onSubscribed: (user: User) => void;
}

/**
 * The Subscribe modal (spec §2): the Pro price and features on the left, SubscribeForm on the
 * right (plan toggle, card or saved method, coupon, Unlock Pro Now, trial note).
 */
export function SubscribeModal({ open, onClose, onSubscribed }: SubscribeModalProps) {
  const [plan, setPlan] = useState<PlanName>('monthly');
  return (
    <Modal open={open} onClose={onClose} title="Go Pro" size="lg">
      <div className="gs-subscribe-modal">
        <ProFeatureList plan={plan} titleAs="h3" />
        <SubscribeForm onSubscribed={onSubscribed} initialPlan={plan} onPlanChange={setPlan} />
      </div>
    </Modal>
  );
}
