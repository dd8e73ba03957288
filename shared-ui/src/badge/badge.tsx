import type { ComponentProps } from 'react';
import { cx } from '../lib/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import './badge.css';

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

type BadgeBaseProps = ComponentProps<'span'> & {
  tone?: BadgeTone;
  size?: 'sm' | 'md';
};

type CountProps = {
  /** Count mode: a small bubble with a number, e.g. unread messages on a nav link. */
  count: number;
  /** What is counted, for screen readers: 'unread messages' or (n) => `${n} new`. */
  label: string | ((count: number) => string);
  /** Above this the bubble shows `max+`. */
  max?: number;
  /** Render a 0 instead of nothing. */
  showZero?: boolean;
};

type LabelProps = {
  count?: undefined;
  label?: undefined;
  max?: undefined;
  showZero?: undefined;
};

export type BadgeProps = BadgeBaseProps & (CountProps | LabelProps);

/**
 * A status pill (`<Badge tone="success">Confirmed</Badge>`) or, given `count`, a count bubble
 * that screen readers hear as '3 unread messages'.
 */
export function Badge({
  tone,
  size = 'md',
  count,
  label,
  max = 99,
  showZero = false,
  className,
  children,
  ...props
}: BadgeProps) {
  if (count === undefined) {
    return (
      <span
        {...props}
        className={cx('gs-badge', className)}
        data-tone={tone ?? 'neutral'}
        data-size={size}
      >
        {children}
      </span>
    );
  }

  if (count <= 0 && !showZero) return null;
  const shown = count > max ? `${max}+` : String(count);
  const spoken = typeof label === 'function' ? label(count) : `${count} ${label}`;
  return (
    <span
      {...props}
      className={cx('gs-count-badge', className)}
      data-tone={tone ?? 'danger'}
      data-size={size}
    >
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </span>
  );
}
