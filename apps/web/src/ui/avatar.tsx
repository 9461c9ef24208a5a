import type { CSSProperties, ReactNode } from 'react';
import { useState } from 'react';
import { cx } from './cx';
import styles from './avatar.module.css';

export interface AvatarProps {
  src?: string | null;
  alt?: string;
  /** Shown without a picture, or when it fails to load: initials or an icon. */
  children?: ReactNode;
  variant?: 'circular' | 'rounded' | 'square';
  /** Width and height in px (MUI's default 40). */
  size?: number;
  /** The initials' size in px; 20 by default (MUI's). */
  fontSize?: number;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** A person's picture, or what stands for it (MUI's Avatar). */
export function Avatar({
  src,
  alt = '',
  children,
  variant = 'circular',
  size = 40,
  fontSize,
  className,
  style,
  ...rest
}: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={cx(styles.avatar, styles[variant], !showImage && styles.fallback, className)}
      style={{ width: size, height: size, fontSize: fontSize ?? 20, ...style }}
      {...rest}
    >
      {showImage ? (
        <img src={src} alt={alt} className={styles.image} onError={() => setFailed(src)} />
      ) : (
        children
      )}
    </span>
  );
}
