import {
  BOUND_PLAYER_KEYWORD_MAX,
  type BoundPlayerSort,
  type TBoundPlayer,
  ZBoundPlayerSort,
} from '@promoter/contract';
import { formatLocal } from '../../../lib/date-time';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import type { BoundPlayersQuery } from '../../../api/query-keys';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { useBoundPlayers } from '../api/get-bound-players';
import { ChoiceChip } from '../components/choice-chip';
import { ListEmpty, ListError, ListSkeleton } from '../components/list-states';
import { LoadMore } from '../components/load-more';
import { PersonLine } from '../components/person-line';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Divider } from '../../../ui/divider';
import { SearchIcon } from '../../../ui/icons/SearchIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import styles from './users-list-page.module.css';

/** The periods offered: today, the last 7 days, the last 30 days (calendar days of the platform). */
const PERIODS = [1, 7, 30] as const;
type Period = (typeof PERIODS)[number];
const SORTS = ZBoundPlayerSort.options;

/** Search, period and order live in the query string: coming back from a recharge finds the list as it was left. */
function readQuery(params: URLSearchParams): BoundPlayersQuery & { days: Period } {
  const days = Number(params.get('days'));
  const sort = ZBoundPlayerSort.safeParse(params.get('sort'));
  return {
    keyword: (params.get('q') ?? '').slice(0, BOUND_PLAYER_KEYWORD_MAX),
    days: (PERIODS as readonly number[]).includes(days) ? (days as Period) : 7,
    sort: sort.success ? sort.data : 'lastRecharge',
  };
}

function PlayerCard({ player, period }: { player: TBoundPlayer; period: string }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  return (
    <Card data-testid={`users-list-player-${player.playerId}`}>
      <CardContent className={styles.body}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} alignItems="center">
            <PersonLine
              avatar={player.avatar}
              nickname={player.nickname}
              chip={null}
              details={
                <>
                  {t('money.common.playerId', { id: player.playerId })}
                  {player.mobile ? ` · ${player.mobile}` : ''}
                </>
              }
            />
            <Button
              to={paths.agent.userRecharge.getHref({ playerId: player.playerId })}
              variant="contained"
              className={styles.recharge}
              aria-label={t('profile.players.rechargeLabel', { nickname: player.nickname })}
              data-testid={`users-list-recharge-${player.playerId}`}
            >
              {t('profile.players.recharge')}
            </Button>
          </Stack>
          <Divider />
          <Stack direction="row" spacing={2} justifyContent="space-between" alignItems="flex-end">
            <Stack>
              <Text variant="body2" color="textSecondary" noWrap data-testid="users-list-last-recharge">
                {player.lastRechargeAt
                  ? t('profile.players.lastRecharge', {
                      time: formatLocal(player.lastRechargeAt, 'YYYY-MM-DD HH:mm'),
                    })
                  : t('profile.players.neverRecharged')}
              </Text>
              <Text variant="caption" color="textSecondary" noWrap>
                {t('profile.players.totalDiamonds', { diamonds: formatCount(player.totalDiamonds, locale) })}
                {player.boundAt
                  ? ` · ${t('profile.players.boundAt', { date: formatLocal(player.boundAt, 'YYYY-MM-DD') })}`
                  : ''}
              </Text>
            </Stack>
            <Stack alignItems="flex-end" className={styles.fixed}>
              <Text variant="caption" color="textSecondary">
                {t('profile.players.periodDiamonds', { period })}
              </Text>
              <Text variant="subtitle1" color="primary" data-testid="users-list-period-diamonds">
                {t('money.common.diamondsValue', { value: formatCount(player.periodDiamonds, locale) })}
              </Text>
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /users/users-list: the players bound to the agent: searched by id, mobile or nickname, with the agent's last
 * recharge to each and the diamonds of today, 7 or 30 days, sorted on the server; one tap opens the recharge page
 * with the player filled in.
 */
export function UsersListPage() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [typed, setTyped] = useState(query.keyword);
  const keyword = useDebouncedValue(typed.trim(), 400);
  const players = useBoundPlayers({ ...query, keyword: query.keyword.trim() });

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  // The search follows the typing once it settles.
  useEffect(() => {
    if (keyword !== query.keyword.trim()) update({ q: keyword });
    // Only a settled keyword starts a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword]);

  const periodText = t(`profile.players.period.${query.days}`);
  const first = players.data?.pages[0];
  const list = players.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <Stack spacing={1.5} data-testid="page-users-list">
      <Card>
        <CardContent>
          <Stack spacing={1.5}>
            <TextField
              size="small"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              label={t('profile.players.searchLabel')}
              placeholder={t('profile.players.searchHint')}
              startAdornment={<SearchIcon fontSize="small" />}
              inputProps={{
                maxLength: BOUND_PLAYER_KEYWORD_MAX,
                enterKeyHint: 'search',
                'data-testid': 'users-list-search',
              }}
            />
            <Stack direction="row" spacing={1} wrap alignItems="center">
              <Stack
                direction="row"
                spacing={1}
                wrap
                role="group"
                aria-label={t('profile.players.periodLabel')}
              >
                {PERIODS.map((days) => (
                  <ChoiceChip
                    key={days}
                    label={t(`profile.players.period.${days}`)}
                    selected={query.days === days}
                    onClick={() => update({ days: String(days) })}
                    className={styles.period}
                    data-testid={`users-list-period-${days}`}
                  />
                ))}
              </Stack>
              <TextField
                select
                size="small"
                label={t('profile.players.sortLabel')}
                value={query.sort}
                onChange={(event) => update({ sort: event.target.value as BoundPlayerSort })}
                className={styles.sort}
                inputProps={{ 'data-testid': 'users-list-sort' }}
              >
                {SORTS.map((sort) => (
                  <option key={sort} value={sort} data-testid={`users-list-sort-${sort}`}>
                    {t(`profile.players.sort.${sort}`)}
                  </option>
                ))}
              </TextField>
            </Stack>
            {first ? (
              <Text variant="body2" color="textSecondary" data-testid="users-list-summary">
                {t('profile.players.summary', {
                  total: formatCount(first.total, locale),
                  period: periodText,
                  diamonds: formatCount(first.periodDiamonds, locale),
                })}
              </Text>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      {players.isPending ? (
        <ListSkeleton rows={3} />
      ) : players.isError && list.length === 0 ? (
        <ListError onRetry={() => players.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty
          text={query.keyword ? t('profile.players.noMatch') : t('profile.players.empty')}
          testId="users-list-empty"
        />
      ) : (
        <>
          <Stack spacing={1} data-testid="users-list">
            {list.map((player) => (
              <PlayerCard key={player.playerId} player={player} period={periodText} />
            ))}
          </Stack>
          <LoadMore query={players} shown={list.length} testId="users-list-load-more" />
        </>
      )}
    </Stack>
  );
}
