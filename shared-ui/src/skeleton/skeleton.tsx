import type { ComponentProps, CSSProperties } from 'react';
import { cx } from '../lib/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import './skeleton.css';

export type SkeletonVariant = 'block' | 'text' | 'circle';

export type SkeletonProps = Omit<ComponentProps<'span'>, 'children'> & {
  variant?: SkeletonVariant;
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
};

/** A shimmering placeholder shape. Hidden from assistive tech: wrap a group in SkeletonGroup. */
export function Skeleton({
  variant = 'block',
  width,
  height,
  className,
  style,
  ...props
}: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      {...props}
      className={cx('gs-skeleton', className)}
      data-variant={variant}
      style={{ width, height, ...style }}
    />
  );
}

export type SkeletonGroupProps = ComponentProps<'div'> & {
  /** What screen readers hear while the placeholders show. */
  label?: string;
};

/** Marks a region busy and says what is loading; its placeholder children stay silent. */
export function SkeletonGroup({
  label = 'Loading…',
  className,
  children,
  ...props
}: SkeletonGroupProps) {
  return (
    <div aria-busy="true" {...props} className={cx('gs-skeleton-group', className)}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden="true" className="gs-skeleton-group__shapes">
        {children}
      </div>
    </div>
  );
}

export type SkeletonCardProps = Omit<SkeletonGroupProps, 'children'>;

/** Placeholder in the shape of a profile card (avatar, name, headline, tags, action). */
export function SkeletonCard({
  label = 'Loading profile…',
  className,
  ...props
}: SkeletonCardProps) {
  return (
    <SkeletonGroup label={label} {...props} className={cx('gs-skeleton-card', className)}>
      <div className="gs-skeleton-card__header">
        <Skeleton variant="circle" width="3.5rem" height="3.5rem" />
        <div className="gs-skeleton-card__lines">
          <Skeleton variant="text" width="60%" height="1rem" />
          <Skeleton variant="text" width="40%" />
        </div>
      </div>
      <div className="gs-skeleton-card__lines">
        <Skeleton variant="text" width="100%" />
        <Skeleton variant="text" width="92%" />
        <Skeleton variant="text" width="70%" />
      </div>
      <div className="gs-skeleton-card__tags">
        <Skeleton width="4rem" height="1.5rem" />
        <Skeleton width="5rem" height="1.5rem" />
        <Skeleton width="3.5rem" height="1.5rem" />
      </div>
      <Skeleton width="100%" height="2.5rem" />
    </SkeletonGroup>
  );
}
