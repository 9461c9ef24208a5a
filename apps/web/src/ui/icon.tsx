import type { CSSProperties, SVGProps } from 'react';
import { cx } from './cx';
import styles from './icon.module.css';
import palette from './palette.module.css';

/** Sizes of MUI's SvgIcon: 20, 24 and 35 px, or the surrounding font's size. */
export type IconSize = 'small' | 'medium' | 'large' | 'inherit';
/** The theme's colours an icon takes; 'inherit' is the text colour around it. */
export type IconColor =
  'inherit' | 'action' | 'disabled' | 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'color' | 'fontSize' | 'ref'> {
  fontSize?: IconSize;
  color?: IconColor;
  /** Mirrored in right-to-left pages (arrows, "back"). */
  flipInRtl?: boolean;
  /** A name for screen readers; without it the icon is decoration (aria-hidden). */
  titleAccess?: string;
  className?: string;
  style?: CSSProperties;
}

export type IconComponent = (props: IconProps) => React.JSX.Element;

/** An icon component from its SVG markup in a 24x24 box (ui/icons/, written by scripts/ui-icons.mjs). */
export function createIcon(markup: string): IconComponent {
  const content = { __html: markup };
  return function Icon({
    fontSize = 'medium',
    color = 'inherit',
    flipInRtl,
    titleAccess,
    className,
    ...rest
  }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? 'img' : undefined}
        aria-label={titleAccess}
        className={cx(
          styles.icon,
          styles[fontSize],
          color !== 'inherit' && palette[color === 'disabled' ? 'actionDisabled' : color],
          flipInRtl && styles.flip,
          className,
        )}
        dangerouslySetInnerHTML={content}
        {...rest}
      />
    );
  };
}
