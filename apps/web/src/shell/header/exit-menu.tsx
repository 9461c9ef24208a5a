import { useTranslation } from '../../i18n/use-translation';
import { LogoutOutlinedIcon } from '../../ui/icons/LogoutOutlinedIcon';
import { PowerSettingsNewOutlinedIcon } from '../../ui/icons/PowerSettingsNewOutlinedIcon';
import { Menu } from '../../ui/menu';
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
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} placement="bottom-end">
      <IconMenuItem
        icon={<LogoutOutlinedIcon fontSize="small" />}
        label={t('header.logout')}
        testId="header-logout"
        onClick={() => {
          onClose();
          onLogout();
        }}
      />
      <IconMenuItem
        icon={<PowerSettingsNewOutlinedIcon fontSize="small" />}
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
