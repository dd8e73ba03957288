import { errorMessages } from '@guestspot/shared-api';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../button/button';
import { IconCloudOff, IconRefresh } from '../icons/icons';
import { cx } from '../lib/cx';
import '../empty-state/empty-state.css';

export const ERROR_STATE_DEFAULTS = {
  title: errorMessages.somethingWentWrongNoStop,
  message: 'This section is unavailable right now.',
  retryLabel: 'Retry',
} as const;

export type ErrorStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** The retry is in flight: the button shows a spinner. */
  retrying?: boolean;
  icon?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  titleAs?: 'h2' | 'h3' | 'h4';
};

/** A section that failed to load (a federated remote, a query): says so and offers a retry. */
export function ErrorState({
  title = ERROR_STATE_DEFAULTS.title,
  message = ERROR_STATE_DEFAULTS.message,
  onRetry,
  retryLabel = ERROR_STATE_DEFAULTS.retryLabel,
  retrying = false,
  icon,
  titleAs: Title = 'h2',
  className,
  ...props
}: ErrorStateProps) {
  return (
    <div role="alert" {...props} className={cx('gs-empty-state', className)} data-tone="danger">
      <span className="gs-empty-state__icon" aria-hidden="true">
        {icon ?? <IconCloudOff />}
      </span>
      <Title className="gs-empty-state__title">{title}</Title>
      {message ? <p className="gs-empty-state__message">{message}</p> : null}
      {onRetry ? (
        <div className="gs-empty-state__action">
          <Button
            variant="secondary"
            leadingIcon={<IconRefresh />}
            loading={retrying}
            onClick={onRetry}
          >
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
