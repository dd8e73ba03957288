import type { ReactNode } from 'react';
import { ButtonLink } from '../button/button';
import { Modal } from '../modal/modal';
import './pro-feature-dialog.css';

/** Settings at the Pro subscription section (account §2: Settings with the hash pro-subscription). */
export const PRO_SUBSCRIPTION_PATH = '/settings#pro-subscription';

export const PRO_FEATURE_DEFAULTS = {
  title: 'This is a Pro feature',
  message:
    'Upgrade to Guestspot Pro to use this feature, and get more bookings with every Pro tool.',
  unlockLabel: 'Unlock Pro',
  readMoreLabel: 'Read more about Pro',
} as const;

export interface ProFeatureDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the user tried to use, e.g. 'Audio and video pitches are part of Pro.' */
  message?: ReactNode;
}

/**
 * 'This is a Pro feature': both actions go to Settings at the Pro subscription section. Opened
 * from anywhere by openProFeatureDialog() and rendered once by <ProFeatureDialogHost />.
 */
export function ProFeatureDialog({
  open,
  onClose,
  message = PRO_FEATURE_DEFAULTS.message,
}: ProFeatureDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={PRO_FEATURE_DEFAULTS.title}
      className="gs-pro-feature-dialog"
      footer={
        <>
          <ButtonLink to={PRO_SUBSCRIPTION_PATH} variant="secondary" onClick={onClose}>
            {PRO_FEATURE_DEFAULTS.readMoreLabel}
          </ButtonLink>
          <ButtonLink to={PRO_SUBSCRIPTION_PATH} variant="primary" onClick={onClose}>
            {PRO_FEATURE_DEFAULTS.unlockLabel}
          </ButtonLink>
        </>
      }
    >
      <p className="gs-pro-feature-dialog__message">{message}</p>
    </Modal>
  );
}
