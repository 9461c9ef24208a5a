import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';

/**
 * A chip that picks one of several choices: filled in the primary colour when it is the chosen one. Its 32 px keep
 * their look on a phone, where the theme gives it a 44 px tap area reaching 6 px above and below: rows of chips that
 * wrap stand 12 px apart (`rowGap: 1.5`), so that one row's tap area does not cover the next's.
 */
export function ChoiceChip({
  selected,
  ...props
}: Omit<ChipProps, 'color' | 'variant'> & { selected: boolean }) {
  return (
    <Chip
      clickable
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      {...props}
    />
  );
}
