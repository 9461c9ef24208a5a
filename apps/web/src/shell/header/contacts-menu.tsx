import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Avatar from '@mui/material/Avatar';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recentPlayersQueryOptions } from '../../api/get-recent-players';
import type { getRecentPlayers } from '../../api/get-recent-players';
import { paths } from '../../config/paths';
import type { AnchoredMenuProps } from './menu-types';

type TRecentPlayer = Awaited<ReturnType<typeof getRecentPlayers>>[number];

/** Whether an instant falls on the same calendar day as `now`, in the agent's own time zone. */
export function isSameLocalDay(iso: string, now: Date): boolean {
  const at = new Date(iso);
  return (
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate()
  );
}

/** The recent players split into today's and the earlier ones, newest first in each. */
export function splitContacts(list: readonly TRecentPlayer[], now: Date) {
  const sorted = [...list].sort((a, b) => b.lastRechargeAt.localeCompare(a.lastRechargeAt));
  return {
    today: sorted.filter((p) => isSameLocalDay(p.lastRechargeAt, now)),
    previous: sorted.filter((p) => !isSameLocalDay(p.lastRechargeAt, now)),
  };
}

/**
 * The header's chat list as the agent's contacts (SPEC section 2 'chat list (recent and previous)', issue 12): the
 * players it recharged today and before, each one tap from recharging again (the recharge page with the player
 * chosen). Loaded when opened.
 */
export function ContactsMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  const query = useQuery({ ...recentPlayersQueryOptions(), enabled: Boolean(anchorEl) });
  const { today, previous } = splitContacts(query.data ?? [], new Date());

  const item = (player: TRecentPlayer) => (
    <MenuItem
      key={player.playerId}
      component={Link}
      to={paths.agent.userRecharge.getHref({ playerId: player.playerId })}
      onClick={onClose}
      data-testid={`contact-player-${player.playerId}`}
    >
      <ListItemAvatar>
        <Avatar src={player.avatar || undefined} alt="" sx={{ width: 32, height: 32 }}>
          {player.nickname.slice(0, 1)}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={player.nickname}
        secondary={t('header.contacts.rechargeAgain', { id: player.playerId })}
        slotProps={{ primary: { noWrap: true } }}
      />
    </MenuItem>
  );

  return (
    <Menu
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 280, maxWidth: 'calc(100vw - 32px)', maxHeight: 420 } } }}
    >
      <ListSubheader disableSticky>{t('header.contacts.title')}</ListSubheader>
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <MenuItem disabled>{t('header.contacts.loading')}</MenuItem>
      ) : null}
      {query.isError ? <MenuItem disabled>{t('header.contacts.failed')}</MenuItem> : null}
      {query.isSuccess && today.length === 0 && previous.length === 0 ? (
        <MenuItem component={Link} to={paths.agent.userRecharge.getHref()} onClick={onClose}>
          <Typography variant="body2" color="text.secondary">
            {t('header.contacts.empty')}
          </Typography>
        </MenuItem>
      ) : null}
      {today.length > 0 ? <ListSubheader disableSticky>{t('header.contacts.today')}</ListSubheader> : null}
      {today.map(item)}
      {previous.length > 0 ? (
        <ListSubheader disableSticky>{t('header.contacts.previous')}</ListSubheader>
      ) : null}
      {previous.map(item)}
    </Menu>
  );
}
