import InboxOutlined from '@mui/icons-material/InboxOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlineOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { TAgentUser } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { levelLabelKey } from '../../lib/agent-level';
import { IconMenuItem } from './icon-menu-item';
import type { AnchoredMenuProps } from './menu-types';

const LINKS = [
  {
    href: paths.users.userProfile.getHref(),
    label: 'userMenu.profile',
    icon: <PersonOutline fontSize="small" />,
  },
  { href: paths.inbox.getHref(), label: 'userMenu.inbox', icon: <InboxOutlined fontSize="small" /> },
  {
    href: paths.users.usersList.getHref(),
    label: 'userMenu.usersList',
    icon: <PeopleOutline fontSize="small" />,
  },
  {
    href: paths.session.updatePassword.getHref(),
    label: 'nav.updatePassword',
    icon: <KeyOutlined fontSize="small" />,
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
      slotProps={{ paper: { sx: { minWidth: 220 } } }}
    >
      {user ? (
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2" noWrap>
            {user.nickname}
          </Typography>
          {/* The same title as the header's level chip: one agent, one title on a screen (lib/agent-level.ts). */}
          <Typography variant="caption" color="text.secondary">
            {t('level.withPromoter', { level: t(levelLabelKey(user.level)) })}
          </Typography>
        </Box>
      ) : null}
      {user ? <Divider /> : null}
      {LINKS.map((link) => (
        <MenuItem key={link.href} component={Link} to={link.href} onClick={onClose}>
          <ListItemIcon>{link.icon}</ListItemIcon>
          <ListItemText>{t(link.label)}</ListItemText>
        </MenuItem>
      ))}
      {/* Locking keeps the place: unlocking comes back here. */}
      <MenuItem
        component={Link}
        to={paths.session.lockScreen.getHref()}
        state={{ from: `${location.pathname}${location.search}` }}
        onClick={onClose}
        data-testid="user-menu-lock"
      >
        <ListItemIcon>
          <LockOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.lockScreen')}</ListItemText>
      </MenuItem>
      <Divider />
      <IconMenuItem
        icon={<LogoutOutlined fontSize="small" />}
        label={t('userMenu.logout')}
        onClick={() => {
          onClose();
          onLogout();
        }}
      />
    </Menu>
  );
}
