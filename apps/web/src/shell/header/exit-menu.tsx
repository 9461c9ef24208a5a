import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import Menu from '@mui/material/Menu';
import { useTranslation } from 'react-i18next';
import { IconMenuItem } from './icon-menu-item';
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
      <IconMenuItem
        icon={<LogoutOutlined fontSize="small" />}
        label={t('header.logout')}
        testId="header-logout"
        onClick={() => {
          onClose();
          onLogout();
        }}
      />
      <IconMenuItem
        icon={<PowerSettingsNewOutlined fontSize="small" />}
        label={t('header.closeSystem')}
        testId="header-close-system"
        onClick={() => {
          onClose();
          onCloseSystem();
        }}
      />
    </Menu>
  );
}
