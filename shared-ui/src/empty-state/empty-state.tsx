import type { ComponentProps, ReactNode } from 'react';
import { IconInbox } from '../icons/icons';
import { cx } from '../lib/cx';
import './empty-state.css';

export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  title: ReactNode;
  message?: ReactNode;
  /** Decorative icon; defaults to an empty inbox. */
  icon?: ReactNode;
  /** E.g. `<Button onClick={refetch}>Reload</Button>`. */
  action?: ReactNode;
  titleAs?: 'h2' | 'h3' | 'h4';
  size?: 'sm' | 'md';
};

/** Nothing to show yet ('No bookings found.'), with an optional way forward. */
export function EmptyState({
  title,
  message,
  icon,
  action,
  titleAs: Title = 'h2',
  size = 'md',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div {...props} className={cx('gs-empty-state', className)} data-size={size}>
      <span className="gs-empty-state__icon" aria-hidden="true">
        {icon ?? <IconInbox />}
      </span>
      <Title className="gs-empty-state__title">{title}</Title>
      {message ? <p className="gs-empty-state__message">{message}</p> : null}
      {action ? <div className="gs-empty-state__action">{action}</div> : null}
    </div>
  );
}
