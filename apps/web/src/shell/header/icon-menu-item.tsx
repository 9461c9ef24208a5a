import type { ReactNode } from 'react';
import { MenuItem, MenuItemIcon, MenuItemText } from '../../ui/menu';

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
      <MenuItemIcon>{icon}</MenuItemIcon>
      <MenuItemText>{label}</MenuItemText>
      {children}
    </MenuItem>
  );
}
