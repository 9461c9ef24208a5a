import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';

/** A chip that picks one of several choices: filled in the primary colour when it is the chosen one. */
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
