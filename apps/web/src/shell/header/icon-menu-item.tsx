import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';

/** A header dropdown's entry: an icon, its label and anything after it (the current flag). */
export function IconMenuItem({
  icon,
  label,
  onClick,
  testId,
  children,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <MenuItem data-testid={testId} onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
      {children}
    </MenuItem>
  );
}
