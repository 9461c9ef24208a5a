import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { recentPlayersQueryOptions } from '../../api/get-recent-players';
import type { getRecentPlayers } from '../../api/get-recent-players';
import { recentTransfersQueryOptions } from '../../api/get-recent-transfers';
import type { getRecentTransfers } from '../../api/get-recent-transfers';
import { paths } from '../../config/paths';
import { levelLabelKey } from '../../lib/agent-level';
import { Avatar } from '../../ui/avatar';
import { Menu, MenuItem, MenuItemText } from '../../ui/menu';
import { Text } from '../../ui/text';
import styles from './contacts-menu.module.css';
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
    <MenuItem key={key} to={to} onClick={onClose} data-testid={testId}>
      <span className={styles.avatar}>
        <Avatar src={person.avatar || undefined} alt="" size={32}>
          {person.nickname.slice(0, 1)}
        </Avatar>
      </span>
      <MenuItemText
        primary={
          <span className={styles.nameRow}>
            <span className={styles.name}>{person.nickname}</span>
            {person.tag ? (
              <Text component="span" variant="caption" color="primary" className={styles.tag}>
                {person.tag}
              </Text>
            ) : null}
          </span>
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
    <Menu anchorEl={anchorEl} open={open} onClose={onClose} placement="bottom-end" className={styles.paper}>
      <div className={styles.subheader}>{t('header.contacts.title')}</div>
      {loading ? <MenuItem disabled>{t('header.contacts.loading')}</MenuItem> : null}
      {failed ? <MenuItem disabled>{t('header.contacts.failed')}</MenuItem> : null}
      {empty ? (
        <MenuItem to={paths.agent.userRecharge.getHref()} onClick={onClose}>
          <Text variant="body2" component="span" color="textSecondary">
            {t('header.contacts.empty')}
          </Text>
        </MenuItem>
      ) : null}
      {today.length > 0 ? <div className={styles.subheader}>{t('header.contacts.today')}</div> : null}
      {today.map(item)}
      {previous.length > 0 ? <div className={styles.subheader}>{t('header.contacts.previous')}</div> : null}
      {previous.map(item)}
    </Menu>
  );
}
