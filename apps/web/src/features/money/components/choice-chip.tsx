import type { ReactNode } from 'react';
import { Chip } from '../../../ui/chip';
import type { ChipProps } from '../../../ui/chip';
import { cx } from '../../../ui/cx';
import styles from './choice-chip.module.css';

export interface ChoiceChipProps extends Omit<ChipProps, 'color' | 'variant'> {
  selected: boolean;
  disabled?: boolean;
  /** A picture before the label: an `<Avatar size={24}>` (MUI's Chip avatar). */
  avatar?: ReactNode;
}

/**
 * A chip that picks one of several choices: filled in the primary colour when it is the chosen one (MUI's clickable
 * Chip). Its 32 px keep their look on a phone, where the chip has a 44 px tap area reaching 6 px above and below:
 * rows of chips that wrap stand 12 px apart (row-gap 12px), so that one row's tap area does not cover the next's.
 */
export function ChoiceChip({ selected, disabled, avatar, icon, className, ...props }: ChoiceChipProps) {
  // The chip is a <button> when it has an onClick, and hands on what it is not told of: a disabled one takes no tap.
  const native = { disabled };
  return (
    <Chip
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      icon={avatar ?? icon}
      className={cx(disabled && styles.disabled, className)}
      {...props}
      {...native}
    />
  );
}
