import type { ComponentProps } from 'react';
import { cx } from '../lib/cx';
import './spinner.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Announced to screen readers. */
  label?: string;
  size?: SpinnerSize;
  /** Hide from assistive tech when something else already says "busy" (e.g. a loading Button). */
  decorative?: boolean;
};

export function Spinner({
  label = 'Loading',
  size = 'md',
  decorative = false,
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      {...props}
      className={cx('gs-spinner', className)}
      data-size={size}
    >
      <svg className="gs-spinner__svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle className="gs-spinner__track" cx="12" cy="12" r="9.5" />
        <path className="gs-spinner__arc" d="M21.5 12A9.5 9.5 0 0 0 12 2.5" />
      </svg>
      {decorative ? null : <span className="visually-hidden">{label}</span>}
    </span>
  );
}
