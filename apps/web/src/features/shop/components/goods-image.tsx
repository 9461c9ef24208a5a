import { Avatar } from '../../../ui/avatar';
import { cx } from '../../../ui/cx';
import { DiamondOutlinedIcon } from '../../../ui/icons/DiamondOutlinedIcon';
import styles from './goods-image.module.css';

/** A package's picture; without one (or when it fails to load), a diamond. */
export function GoodsImage({ image, name, size = 48 }: { image: string; name: string; size?: number }) {
  const diamond = (cover: boolean) => (
    <span
      className={cx(styles.placeholder, cover && styles.cover)}
      style={cover ? { fontSize: size * 0.6 } : { width: size, height: size, fontSize: size * 0.6 }}
    >
      <DiamondOutlinedIcon fontSize="inherit" />
    </span>
  );
  if (!image) return diamond(false);
  return (
    <Avatar variant="rounded" src={image} alt={name} size={size}>
      {diamond(true)}
    </Avatar>
  );
}
