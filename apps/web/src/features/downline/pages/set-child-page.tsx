import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { AGENT_LEVELS, playerSearchOf } from '@promoter/contract';
import type { AgentLevel, TChildAgent, TPlayerSummary } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { useSetChildAgent } from '../api/set-child-agent';
import { LevelChip } from '../components/level-chip';

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
      sx={{ alignItems: 'center', py: 1.25 }}
      data-testid={`set-child-result-${player.playerId}`}
    >
      <Avatar src={player.avatar || undefined} alt={player.nickname}>
        {player.nickname.slice(0, 1)}
      </Avatar>
      <Stack spacing={0.25} sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {player.nickname}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('shop.setChild.playerId', { id: player.playerId })}
          {player.mobile ? ` · ${player.mobile}` : ''}
        </Typography>
        <Box>
          <Chip
            size="small"
            color={player.boundToMe ? 'success' : 'default'}
            variant="outlined"
            label={player.boundToMe ? t('shop.setChild.boundToMe') : t('shop.setChild.notBoundToMe')}
          />
        </Box>
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
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="h2">
            {t('shop.setChild.doneTitle', { name: child.nickname })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
            <Chip
              size="small"
              label={t('shop.downline.agentId', { id: child.agentId })}
              data-testid="set-child-new-agent-id"
            />
            <LevelChip level={child.level} />
            <Chip size="small" label={t('shop.downline.unitPrice', { price: formatMoney(child.price) })} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('shop.setChild.doneText')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" component={Link} to={paths.agent.priceList.getHref()}>
              {t('shop.setChild.setPrice')}
            </Button>
            <Button variant="outlined" component={Link} to={paths.agent.childTree.getHref()}>
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
            <Typography variant="body2" color="text.secondary">
              {t('shop.setChild.intro')}
            </Typography>
            <Stack
              component="form"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start' }}
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
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'set-child-keyword' } }}
              />
              <Button
                type="submit"
                variant="contained"
                startIcon={<PersonSearchOutlined />}
                disabled={!draftValid || search.isFetching}
                sx={{ flexShrink: 0, height: 40 }}
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
                <Typography color="text.secondary" data-testid="set-child-not-found">
                  {t('shop.setChild.notFound', { id: keyword })}
                </Typography>
              ) : (
                <Stack divider={<Divider flexItem />}>
                  {search.data.map((player) => (
                    <PlayerResult
                      key={player.playerId}
                      player={player}
                      selected={selected?.playerId === player.playerId}
                      onSelect={() => setSelected(player)}
                    />
                  ))}
                  {search.data.some((p) => !p.boundToMe) ? (
                    <Typography variant="caption" color="text.secondary" sx={{ pt: 1 }}>
                      {t('shop.setChild.onlyBound')}
                    </Typography>
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
            <Typography variant="subtitle1" component="h2">
              {t('shop.setChild.levelTitle')}
            </Typography>
            {me ? (
              <Typography variant="body2" color="text.secondary">
                {t('shop.setChild.levelHint', { level: t(levelLabelKey(me.level)) })}
              </Typography>
            ) : (
              <Skeleton width="60%" />
            )}
            <ToggleButtonGroup
              exclusive
              fullWidth
              color="primary"
              value={level}
              onChange={(_event, next: AgentLevel | null) => {
                if (next !== null) setChosenLevel(next);
              }}
              aria-label={t('shop.setChild.levelTitle')}
            >
              {allowedLevels.map((l) => (
                <ToggleButton key={l} value={l} data-testid={`set-child-level-${l}`}>
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
