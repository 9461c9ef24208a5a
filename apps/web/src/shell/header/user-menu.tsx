import type { TAgentUser } from '@promoter/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../router';
import { paths } from '../../config/paths';
import { levelLabelKey } from '../../lib/agent-level';
import { Divider } from '../../ui/divider';
import { InboxOutlinedIcon } from '../../ui/icons/InboxOutlinedIcon';
import { KeyOutlinedIcon } from '../../ui/icons/KeyOutlinedIcon';
import { LockOutlinedIcon } from '../../ui/icons/LockOutlinedIcon';
import { LogoutOutlinedIcon } from '../../ui/icons/LogoutOutlinedIcon';
import { PeopleOutlineOutlinedIcon } from '../../ui/icons/PeopleOutlineOutlinedIcon';
import { PersonOutlineOutlinedIcon } from '../../ui/icons/PersonOutlineOutlinedIcon';
import { Menu, MenuItem, MenuItemIcon, MenuItemText } from '../../ui/menu';
import { Text } from '../../ui/text';
import { IconMenuItem } from './icon-menu-item';
import type { AnchoredMenuProps } from './menu-types';
import styles from './user-menu.module.css';

const LINKS = [
  {
    href: paths.users.userProfile.getHref(),
    label: 'userMenu.profile',
    icon: <PersonOutlineOutlinedIcon fontSize="small" />,
  },
  { href: paths.inbox.getHref(), label: 'userMenu.inbox', icon: <InboxOutlinedIcon fontSize="small" /> },
  {
    href: paths.users.usersList.getHref(),
    label: 'userMenu.usersList',
    icon: <PeopleOutlineOutlinedIcon fontSize="small" />,
  },
  {
    href: paths.session.updatePassword.getHref(),
    label: 'nav.updatePassword',
    icon: <KeyOutlinedIcon fontSize="small" />,
  },
] as const;

/** The user menu of SPEC section 2: profile, inbox, users list and log out; plus change password and lock screen. */
export function UserMenu({
  anchorEl,
  onClose,
  user,
  onLogout,
}: AnchoredMenuProps & { user: TAgentUser | undefined; onLogout: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      placement="bottom-end"
      className={styles.paper}
    >
      {user ? (
        <div className={styles.who}>
          <Text variant="subtitle2" noWrap>
            {user.nickname}
          </Text>
          {/* The same title as the header's level chip: one agent, one title on a screen (lib/agent-level.ts). */}
          <Text variant="caption" color="textSecondary">
            {t('level.withPromoter', { level: t(levelLabelKey(user.level)) })}
          </Text>
        </div>
      ) : null}
      {user ? <Divider /> : null}
      {LINKS.map((link) => (
        <MenuItem key={link.href} to={link.href} onClick={onClose}>
          <MenuItemIcon>{link.icon}</MenuItemIcon>
          <MenuItemText>{t(link.label)}</MenuItemText>
        </MenuItem>
      ))}
      {/* Locking keeps the place: unlocking comes back here. */}
      <MenuItem
        to={paths.session.lockScreen.getHref()}
        state={{ from: `${location.pathname}${location.search}` }}
        onClick={onClose}
        data-testid="user-menu-lock"
      >
        <MenuItemIcon>
          <LockOutlinedIcon fontSize="small" />
        </MenuItemIcon>
        <MenuItemText>{t('nav.lockScreen')}</MenuItemText>
      </MenuItem>
      <Divider />
      <IconMenuItem
        icon={<LogoutOutlinedIcon fontSize="small" />}
        label={t('userMenu.logout')}
        onClick={() => {
          onClose();
          onLogout();
        }}
      />
    </Menu>
  );
}
