import { useState, type ComponentProps } from 'react';
import { cx } from '../lib/cx';
import { IDENTICON_DEFAULT_SIZE, identiconDataUri } from './identicon';
import './avatar.css';

export type AvatarShape = 'circle' | 'rounded';

export type AvatarProps = Omit<ComponentProps<'img'>, 'src' | 'alt' | 'width' | 'height'> & {
  /** The person's name: the image's alt text. */
  name: string;
  /** Uploaded picture; when missing or broken, the identicon from `emailHash` is shown. */
  src?: string | null;
  /** md5 hex of the e-mail address (the API's `email_hash`). */
  emailHash?: string | null;
  /** Pixels. */
  size?: number;
  shape?: AvatarShape;
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A person's picture, else a locally generated identicon, else their initials. */
export function Avatar({
  name,
  src,
  emailHash,
  size = IDENTICON_DEFAULT_SIZE,
  shape = 'circle',
  className,
  style,
  onError,
  ...props
}: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  const source = usable ?? (emailHash ? identiconDataUri(emailHash, size) : null);
  const common = {
    className: cx('gs-avatar', className),
    'data-shape': shape,
    style: { width: size, height: size, fontSize: size * 0.4, ...style },
  };

  if (!source) {
    return (
      <span role="img" aria-label={name} {...common} data-state="initials">
        <span aria-hidden="true">{initials(name)}</span>
      </span>
    );
  }

  return (
    <img
      {...props}
      {...common}
      src={source}
      alt={name}
      width={size}
      height={size}
      data-state={usable ? 'image' : 'identicon'}
      onError={(event) => {
        if (usable) setFailedSrc(usable);
        onError?.(event);
      }}
    />
  );
}
