import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import './card.css';

export type CardVariant = 'outlined' | 'elevated';
export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

export type CardProps = Omit<ComponentProps<'section'>, 'title'> & {
  /** Heading of the card; also names the section for screen readers. */
  title?: ReactNode;
  description?: ReactNode;
  /** Top-right of the header, e.g. an 'Edit' button. */
  actions?: ReactNode;
  footer?: ReactNode;
  titleAs?: 'h2' | 'h3' | 'h4';
  variant?: CardVariant;
  padding?: CardPadding;
};

/** A surface that groups related content, with an optional header and footer. */
export function Card({
  title,
  description,
  actions,
  footer,
  titleAs: Title = 'h3',
  variant = 'outlined',
  padding = 'md',
  className,
  children,
  ...props
}: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      {...props}
      className={cx('gs-card', className)}
      data-variant={variant}
      data-padding={padding}
    >
      {hasHeader ? (
        <header className="gs-card__header">
          <div className="gs-card__heading">
            {title ? (
              <Title id={titleId} className="gs-card__title">
                {title}
              </Title>
            ) : null}
            {description ? <p className="gs-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="gs-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children ? <div className="gs-card__body">{children}</div> : null}
      {footer ? <footer className="gs-card__footer">{footer}</footer> : null}
    </section>
  );
}
