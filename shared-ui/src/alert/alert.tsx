import type { ComponentProps, ReactNode } from 'react';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCheckCircle,
  IconInfo,
  IconX,
} from '../icons/icons';
import { cx } from '../lib/cx';
import './alert.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  tone?: AlertTone;
  title?: ReactNode;
  /** Replaces the tone's icon; `false` hides it. */
  icon?: ReactNode | false;
  /** E.g. a link-style Button on the right. */
  action?: ReactNode;
  /** Shows a dismiss button when given. */
  onDismiss?: () => void;
  dismissLabel?: string;
};

const toneIcons = {
  info: IconInfo,
  success: IconCheckCircle,
  warning: IconAlertTriangle,
  danger: IconAlertCircle,
} as const;

/** Inline message. Danger interrupts screen readers (role="alert"); other tones are polite. */
export function Alert({
  tone = 'info',
  title,
  icon,
  action,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
  children,
  ...props
}: AlertProps) {
  const ToneIcon = toneIcons[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      {...props}
      className={cx('gs-alert', className)}
      data-tone={tone}
    >
      {icon === false ? null : (
        <span className="gs-alert__icon" aria-hidden="true">
          {icon ?? <ToneIcon />}
        </span>
      )}
      <div className="gs-alert__content">
        {title ? <p className="gs-alert__title">{title}</p> : null}
        {children ? <div className="gs-alert__body">{children}</div> : null}
      </div>
      {action ? <div className="gs-alert__action">{action}</div> : null}
      {onDismiss ? (
        <button
          type="button"
          className="gs-alert__dismiss"
          aria-label={dismissLabel}
          onClick={onDismiss}
        >
          <IconX />
        </button>
      ) : null}
    </div>
  );
}
