import type { ComponentProps, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from '../lib/cx';
import { Spinner } from '../spinner/spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

type ButtonStyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
  leadingIcon?: ReactNode;
  trailingIcon?: ReactNode;
};

export type ButtonProps = ComponentProps<'button'> &
  ButtonStyleProps & {
    /** Disables the button, sets aria-busy and shows a spinner in place of the leading icon. */
    loading?: boolean;
  };

function ButtonContent({
  leadingIcon,
  trailingIcon,
  loading,
  children,
}: Pick<ButtonStyleProps, 'leadingIcon' | 'trailingIcon'> & {
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {loading ? (
        <Spinner decorative size="sm" className="gs-button__spinner" />
      ) : leadingIcon ? (
        <span className="gs-button__icon" aria-hidden="true">
          {leadingIcon}
        </span>
      ) : null}
      {children}
      {trailingIcon ? (
        <span className="gs-button__icon" aria-hidden="true">
          {trailingIcon}
        </span>
      ) : null}
    </>
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  leadingIcon,
  trailingIcon,
  disabled = false,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      className={cx('gs-button', className)}
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-state={loading ? 'loading' : disabled ? 'disabled' : 'idle'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <ButtonContent leadingIcon={leadingIcon} trailingIcon={trailingIcon} loading={loading}>
        {children}
      </ButtonContent>
    </button>
  );
}

export type ButtonLinkProps = LinkProps &
  ButtonStyleProps & {
    ref?: Ref<HTMLAnchorElement>;
  };

/** A react-router `<Link>` that looks like a Button: for navigation, never for actions. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  leadingIcon,
  trailingIcon,
  className,
  children,
  ...props
}: ButtonLinkProps) {
  return (
    <Link
      {...props}
      className={cx('gs-button', className)}
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-state="idle"
    >
      <ButtonContent leadingIcon={leadingIcon} trailingIcon={trailingIcon}>
        {children}
      </ButtonContent>
    </Link>
  );
}
