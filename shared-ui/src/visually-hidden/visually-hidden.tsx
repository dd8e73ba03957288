import type { ComponentProps } from 'react';
import { cx } from '../lib/cx';

export type VisuallyHiddenProps = ComponentProps<'span'>;

/** Text for screen readers only (the `.visually-hidden` class from base.css). */
export function VisuallyHidden({ className, ...props }: VisuallyHiddenProps) {
  return <span className={cx('visually-hidden', className)} {...props} />;
}
