import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recentPlayersQueryOptions } from '../../api/get-recent-players';
import type { getRecentPlayers } from '../../api/get-recent-players';
import { recentTransfersQueryOptions } from '../../api/get-recent-transfers';
import type { getRecentTransfers } from '../../api/get-recent-transfers';
import { paths } from '../../config/paths';
import { levelLabelKey } from '../../lib/agent-level';
import type { AnchoredMenuProps } from './menu-types';

type TRecentPlayer = Awaited<ReturnType<typeof getRecentPlayers>>[number];
type TRecentTransfer = Awaited<ReturnType<typeof getRecentTransfers>>[number];

/** One contact: a player the agent recharged or an agent it transferred to, with when it last did. */
export type Contact =
  | { kind: 'player'; at: string; player: TRecentPlayer }
  | { kind: 'agent'; at: string; agent: TRecentTransfer };

/** The players and the agents as one list of contacts. */
export function contactsOf(players: readonly TRecentPlayer[], agents: readonly TRecentTransfer[]): Contact[] {
  return [
    ...players.map((player) => ({ kind: 'player' as const, at: player.lastRechargeAt, player })),
    ...agents.map((agent) => ({ kind: 'agent' as const, at: agent.lastTransferAt, agent })),
  ];
}

/** Whether an instant falls on the same calendar day as `now`, in the agent's own time zone. */
export function isSameLocalDay(iso: string, now: Date): boolean {
  const at = new Date(iso);
  return (
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate()
  );
}

/** The contacts split into today's and the earlier ones, newest first in each. */
export function splitContacts<C extends { at: string }>(list: readonly C[], now: Date) {
  const sorted = [...list].sort((a, b) => b.at.localeCompare(a.at));
  return {
    today: sorted.filter((c) => isSameLocalDay(c.at, now)),
    previous: sorted.filter((c) => !isSameLocalDay(c.at, now)),
  };
}

/**
 * The header's chat list as the agent's contacts (SPEC section 2 'chat list (recent and previous)', decision 021): the
 * players it recharged and the agents of its downline it transferred diamonds to, today and before, each one tap
 * from recharging (the recharge page with the player chosen) or transferring again (the transfer page with the
 * agent chosen). Loaded when opened.
 */
export function ContactsMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  const open = Boolean(anchorEl);
  const players = useQuery({ ...recentPlayersQueryOptions(), enabled: open });
  const agents = useQuery({ ...recentTransfersQueryOptions(), enabled: open });
  const { today, previous } = splitContacts(contactsOf(players.data ?? [], agents.data ?? []), new Date());
  const loading =
    (players.isPending && players.fetchStatus !== 'idle') ||
    (agents.isPending && agents.fetchStatus !== 'idle');
  const failed = players.isError || agents.isError;
  const empty = players.isSuccess && agents.isSuccess && today.length === 0 && previous.length === 0;

  const line = (
    key: string,
    to: string,
    testId: string,
    person: { avatar: string; nickname: string; tag?: string },
    secondary: string,
  ) => (
    <MenuItem key={key} component={Link} to={to} onClick={onClose} data-testid={testId}>
      <ListItemAvatar>
        <Avatar src={person.avatar || undefined} alt="" sx={{ width: 32, height: 32 }}>
          {person.nickname.slice(0, 1)}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {person.nickname}
            </Box>
            {person.tag ? (
              <Typography component="span" variant="caption" color="primary" sx={{ flexShrink: 0 }}>
                {person.tag}
              </Typography>
            ) : null}
          </Box>
        }
        secondary={secondary}
      />
    </MenuItem>
  );

  const item = (contact: Contact) =>
    contact.kind === 'player'
      ? line(
          `player:${contact.player.playerId}`,
          paths.agent.userRecharge.getHref({ playerId: contact.player.playerId }),
          `contact-player-${contact.player.playerId}`,
          contact.player,
          t('header.contacts.rechargeAgain', { id: contact.player.playerId }),
        )
      : line(
          `agent:${contact.agent.agentId}`,
          paths.agent.transferAgent.getHref({ agentId: contact.agent.agentId }),
          `contact-agent-${contact.agent.agentId}`,
          {
            ...contact.agent,
            tag: t('level.withPromoter', { level: t(levelLabelKey(contact.agent.level)) }),
          },
          t('header.contacts.transferAgain', { id: contact.agent.agentId }),
        );

  return (
    <Menu
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 280, maxWidth: 'calc(100vw - 32px)', maxHeight: 420 } } }}
    >
      <ListSubheader disableSticky>{t('header.contacts.title')}</ListSubheader>
      {loading ? <MenuItem disabled>{t('header.contacts.loading')}</MenuItem> : null}
      {failed ? <MenuItem disabled>{t('header.contacts.failed')}</MenuItem> : null}
      {empty ? (
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
