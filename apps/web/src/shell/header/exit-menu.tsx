import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { AnchoredMenuProps } from './menu-types';

/** The exit menu: log out, close system. */
export function ExitMenu({
  anchorEl,
  onClose,
  onLogout,
  onCloseSystem,
}: AnchoredMenuProps & { onLogout: () => void; onCloseSystem: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      <MenuItem
        data-testid="header-logout"
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('header.logout')}</ListItemText>
      </MenuItem>
      <MenuItem
        data-testid="header-close-system"
        onClick={() => {
          onClose();
          onCloseSystem();
        }}
      >
        <ListItemIcon>
          <PowerSettingsNewOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('header.closeSystem')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
