import { AGENT_LEVELS, playerSearchOf } from '@promoter/contract';
import type { AgentLevel, TChildAgent, TPlayerSummary } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { NetworkError } from '../../../api/errors';
import { useUser } from '../../../api/get-user';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { levelLabelKey } from '../../../lib/agent-level';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { sessionStore } from '../../../lib/session';
import { useSearchPlayers } from '../../../api/search-players';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Chip } from '../../../ui/chip';
import { Divider } from '../../../ui/divider';
import { CheckCircleOutlineOutlinedIcon } from '../../../ui/icons/CheckCircleOutlineOutlinedIcon';
import { PersonSearchOutlinedIcon } from '../../../ui/icons/PersonSearchOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import { ToggleButton, ToggleButtonGroup } from '../../../ui/toggle-button';
import { useSetChildAgent } from '../api/set-child-agent';
import { LevelChip } from '../components/level-chip';
import styles from './set-child-page.module.css';

function PlayerResult({
  player,
  selected,
  onSelect,
}: {
  player: TPlayerSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="center"
      className={styles.result}
      data-testid={`set-child-result-${player.playerId}`}
    >
      <Avatar src={player.avatar || undefined} alt={player.nickname}>
        {player.nickname.slice(0, 1)}
      </Avatar>
      <Stack spacing={0.25} className={styles.resultBody}>
        <Text weight={600} noWrap>
          {player.nickname}
        </Text>
        <Text variant="caption" color="textSecondary">
          {t('shop.setChild.playerId', { id: player.playerId })}
          {player.mobile ? ` · ${player.mobile}` : ''}
        </Text>
        <div>
          <Chip
            size="small"
            color={player.boundToMe ? 'success' : 'default'}
            variant="outlined"
            label={player.boundToMe ? t('shop.setChild.boundToMe') : t('shop.setChild.notBoundToMe')}
          />
        </div>
      </Stack>
      <Button
        variant={selected ? 'contained' : 'outlined'}
        size="small"
        disabled={!player.boundToMe}
        onClick={onSelect}
        data-testid={`set-child-select-${player.playerId}`}
      >
        {selected ? t('shop.setChild.selected') : t('shop.setChild.select')}
      </Button>
    </Stack>
  );
}

function NewChildCard({ child }: { child: TChildAgent }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="set-child-done">
      <CardContent>
        <Stack spacing={1.5} alignItems="center" className={styles.done}>
          <CheckCircleOutlineOutlinedIcon color="success" className={styles.doneIcon} />
          <Text variant="h6" component="h2">
            {t('shop.setChild.doneTitle', { name: child.nickname })}
          </Text>
          <Stack direction="row" spacing={1} wrap justifyContent="center">
            <Chip
              size="small"
              label={t('shop.downline.agentId', { id: child.agentId })}
              data-testid="set-child-new-agent-id"
            />
            <LevelChip level={child.level} />
            <Chip size="small" label={t('shop.downline.unitPrice', { price: formatMoney(child.price) })} />
          </Stack>
          <Text variant="body2" color="textSecondary">
            {t('shop.setChild.doneText')}
          </Text>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" to={paths.agent.priceList.getHref()}>
              {t('shop.setChild.setPrice')}
            </Button>
            <Button variant="outlined" to={paths.agent.childTree.getHref()}>
              {t('shop.setChild.viewChildren')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /agent/set-child: a player bound to me becomes my child agent at a level below mine. */
export function SetChildPage() {
  const { t } = useTranslation();
  const userQuery = useUser();
  const storedUser = sessionStore.use((s) => s.user);
  const me = userQuery.data ?? storedUser ?? undefined;
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<TPlayerSummary | null>(null);
  const [chosenLevel, setChosenLevel] = useState<AgentLevel | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [created, setCreated] = useState<TChildAgent | null>(null);
  const search = useSearchPlayers(keyword);
  const promote = useSetChildAgent();

  const allowedLevels = me ? AGENT_LEVELS.filter((level) => level > me.level) : [];
  const level = chosenLevel ?? allowedLevels[0] ?? null;
  // A player id as the player search matches it (the contract's playerSearchOf).
  const draftValid = playerSearchOf(draft)?.by === 'playerId';

  const submitSearch = () => {
    if (!draftValid) return;
    setKeyword(draft.trim());
    setSelected(null);
    setCreated(null);
  };

  const confirm = async () => {
    if (!selected || level === null) return;
    progress.start();
    try {
      const child = await promote.mutateAsync({ playerId: selected.playerId, level });
      setCreated(child);
      setSelected(null);
      setKeyword('');
      setDraft('');
      notify.success(t('shop.setChild.doneToast', { name: child.nickname }));
    } catch (error) {
      // A refusal (code 0) has been toasted by the client with the server's reason; a lost answer has not.
      if (error instanceof NetworkError) notify.error(t('errors.network'));
    } finally {
      progress.done();
      setConfirming(false);
    }
  };

  if (me && allowedLevels.length === 0) {
    return (
      <Stack spacing={2} data-testid="page-set-child">
        <Alert severity="info" data-testid="set-child-lowest">
          {t('shop.setChild.lowestLevel', { level: t(levelLabelKey(me.level)) })}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="page-set-child">
      {created ? <NewChildCard child={created} /> : null}
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Text variant="body2" color="textSecondary">
              {t('shop.setChild.intro')}
            </Text>
            <Stack
              component="form"
              direction="row"
              spacing={1}
              alignItems="flex-start"
              onSubmit={(event) => {
                event.preventDefault();
                submitSearch();
              }}
            >
              <TextField
                fullWidth
                size="small"
                label={t('shop.setChild.playerIdLabel')}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                error={draft.trim() !== '' && !draftValid}
                helperText={draft.trim() !== '' && !draftValid ? t('shop.setChild.playerIdInvalid') : ' '}
                inputMode="numeric"
                inputProps={{ 'data-testid': 'set-child-keyword' }}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<PersonSearchOutlinedIcon />}
                disabled={!draftValid || search.isFetching}
                className={styles.searchButton}
                data-testid="set-child-search"
              >
                {t('shop.setChild.search')}
              </Button>
            </Stack>
            {keyword ? (
              search.isPending ? (
                <Skeleton variant="rounded" height={64} />
              ) : search.isError ? (
                <Alert severity="error">{t('shop.setChild.searchFailed')}</Alert>
              ) : search.data.length === 0 ? (
                <Text color="textSecondary" data-testid="set-child-not-found">
                  {t('shop.setChild.notFound', { id: keyword })}
                </Text>
              ) : (
                <Stack divider={<Divider />}>
                  {search.data.map((player) => (
                    <PlayerResult
                      key={player.playerId}
                      player={player}
                      selected={selected?.playerId === player.playerId}
                      onSelect={() => setSelected(player)}
                    />
                  ))}
                  {search.data.some((p) => !p.boundToMe) ? (
                    <Text variant="caption" color="textSecondary" className={styles.onlyBound}>
                      {t('shop.setChild.onlyBound')}
                    </Text>
                  ) : null}
                </Stack>
              )
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack spacing={1.5}>
            <Text variant="subtitle1" component="h2">
              {t('shop.setChild.levelTitle')}
            </Text>
            {me ? (
              <Text variant="body2" color="textSecondary">
                {t('shop.setChild.levelHint', { level: t(levelLabelKey(me.level)) })}
              </Text>
            ) : (
              <Skeleton width="60%" />
            )}
            <ToggleButtonGroup
              fullWidth
              color="primary"
              value={level === null ? null : String(level)}
              onChange={(next) => {
                const picked = allowedLevels.find((l) => String(l) === next);
                if (picked !== undefined) setChosenLevel(picked);
              }}
              aria-label={t('shop.setChild.levelTitle')}
            >
              {allowedLevels.map((l) => (
                <ToggleButton key={l} value={String(l)} data-testid={`set-child-level-${l}`}>
                  {t('level.withPromoter', { level: t(levelLabelKey(l)) })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Button
              variant="contained"
              size="large"
              disabled={!selected || level === null || promote.isPending}
              onClick={() => setConfirming(true)}
              data-testid="set-child-submit"
            >
              {t('shop.setChild.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        busy={promote.isPending}
        title={t('shop.setChild.confirmTitle')}
        message={
          selected && level !== null
            ? t('shop.setChild.confirm', {
                name: selected.nickname,
                id: selected.playerId,
                level: t(levelLabelKey(level)),
              })
            : ''
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
