import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ResponseCode } from '@promoter/contract';
import type { TPlayer } from '@promoter/contract';
import type { CallData } from '@promoter/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { request } from '../../../api/client';
import { isApiError, NetworkError } from '../../../api/errors';
import { queryClient } from '../../../api/query-client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { session, sessionStore, useIsAuthenticated } from '../../../lib/session';

// ---- the calls of this page (kept here: the page is the agent area's only user of them) ----------------

/** The signed-in player's own record (`agent/login/getPlayer`): its current agent. */
function getOwnPlayerQueryOptions(playerId: number) {
  return {
    queryKey: ['player', playerId],
    queryFn: () => request('getPlayer', { playerId }),
  } as const;
}

/** `bind.unbindAllowed`, a public option: whether a bound player may unbind. */
const unbindAllowedQueryOptions = {
  queryKey: ['option', 'bind.unbindAllowed'],
  queryFn: async () => (await request('getOptionsByKey', { key: 'bind.unbindAllowed' })).value === 'true',
  staleTime: 10 * 60_000,
} as const;

const bindToAgent = (agentId: number) => request('bind', { agentId });
const unbindFromAgent = () => request('unbind', {});

type BindLoginOutcome =
  | { kind: 'agent' }
  | { kind: 'player' }
  | { kind: 'no-game-account' }
  | { kind: 'agent-tip' | 'failed'; message: string }
  | { kind: 'network' };

// A game ticket is single-use: one attempt per ticket and page load, even when React runs an effect twice.
const bindLogins = new Map<string, Promise<BindLoginOutcome>>();

/** The game's "bind to this agent" link: `?token=<ticket>&agentId=<id>` signs in and binds an unbound player. */
function playerBindLogin(token: string, agentId: number): Promise<BindLoginOutcome> {
  let attempt = bindLogins.get(token);
  if (!attempt) {
    attempt = (async (): Promise<BindLoginOutcome> => {
      progress.start();
      try {
        const data = await request('playerBindLogin', { token, agentId });
        queryClient.clear();
        if (data.isAgent) {
          session.signInAgent(data.token, data.user);
          return { kind: 'agent' };
        }
        session.signInPlayer(data.token, data.player);
        return { kind: 'player' };
      } catch (error) {
        if (isApiError(error, ResponseCode.noGameAccount)) {
          session.markMobileLogin();
          return { kind: 'no-game-account' };
        }
        if (isApiError(error, ResponseCode.agentUnavailable))
          return { kind: 'agent-tip', message: error.message };
        if (error instanceof NetworkError) return { kind: 'network' };
        return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      } finally {
        progress.done();
      }
    })();
    bindLogins.set(token, attempt);
  }
  return attempt;
}

const AGENT_ID_PATTERN = /^[1-9]\d{0,9}$/;

function PlayerCard({ player }: { player: TPlayer | null }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent>
        {player ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={player.avatar || undefined} alt={player.nickname} sx={{ width: 56, height: 56 }}>
              {player.nickname.slice(0, 1)}
            </Avatar>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="h6" noWrap data-testid="bind-agent-nickname">
                {player.nickname}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="bind-agent-player-id">
                {t('bindAgent.playerId', { id: player.playerId })}
              </Typography>
            </Stack>
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('bindAgent.noPlayer')}</Typography>
        )}
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('bindAgent.intro')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The bound agent, and unbinding after a confirmation when the platform allows it. */
function BoundAgent({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const unbindAllowed = useQuery(unbindAllowedQueryOptions);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const unbind = async () => {
    setBusy(true);
    progress.start();
    try {
      const { player } = await unbindFromAgent();
      sessionStore.set({ player });
      setConfirming(false);
      notify.success(t('identity.bind.unbound'));
    } catch (error) {
      if (error instanceof NetworkError) notify.error(t('errors.server'));
    } finally {
      progress.done();
      setBusy(false);
    }
  };

  return (
    <Card data-testid="bind-agent-bound">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <VerifiedUserOutlined color="success" sx={{ fontSize: 40 }} />
            <Stack>
              <Typography variant="body2" color="text.secondary">
                {t('identity.bind.boundTitle')}
              </Typography>
              <Typography variant="h6" component="p" data-testid="bind-agent-bound-id">
                {t('identity.bind.agentId', { id: agentId })}
              </Typography>
            </Stack>
          </Stack>
          {unbindAllowed.data === true ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<LinkOffOutlined />}
              onClick={() => setConfirming(true)}
              data-testid="bind-agent-unbind"
            >
              {t('identity.bind.unbind')}
            </Button>
          ) : unbindAllowed.data === false ? (
            <Typography variant="body2" color="text.secondary" data-testid="bind-agent-unbind-closed">
              {t('identity.bind.unbindNotAllowed')}
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('identity.bind.unbind')}
        message={t('identity.bind.unbindConfirm', { id: agentId })}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void unbind()}
      />
    </Card>
  );
}

/** Enter (or arrive with `?agentId=`) an agent id, confirm, bind. */
function BindForm({ initialAgentId }: { initialAgentId: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialAgentId);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [card, setCard] = useState<CallData<'agentCard'> | null>(null);
  const [busy, setBusy] = useState(false);

  // The agent is looked up before the confirmation, so the player sees whom it binds to.
  const review = async () => {
    const text = value.trim();
    if (!AGENT_ID_PATTERN.test(text)) {
      setError(text ? t('identity.validation.agentId') : t('identity.validation.agentIdRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setCard(await request('agentCard', { agentId: Number(text) }));
      setTarget(Number(text));
    } catch (failure) {
      // Not an agent: the server's message has been toasted; it also stays under the field.
      setError(failure instanceof NetworkError ? t('errors.server') : (failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const bind = async (agentId: number) => {
    setBusy(true);
    progress.start();
    try {
      const { player } = await bindToAgent(agentId);
      sessionStore.set({ player });
      setTarget(null);
      notify.success(t('identity.bind.bound', { id: agentId }));
    } catch (failure) {
      // Code 0 (not an agent, already bound) has been toasted; it also stays under the field.
      setError(failure instanceof NetworkError ? t('errors.server') : (failure as Error).message);
      if (failure instanceof NetworkError) notify.error(t('errors.server'));
      setTarget(null);
    } finally {
      progress.done();
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            void review();
          }}
        >
          <Typography variant="subtitle1" component="h2">
            {t('identity.bind.formTitle')}
          </Typography>
          <TextField
            label={t('identity.common.agentId')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? t('identity.bind.formHint')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'bind-agent-input' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            data-testid="bind-agent-submit"
          >
            {t('identity.bind.submit')}
          </Button>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        title={t('identity.bind.confirmTitle')}
        message={
          target !== null ? `${card?.nickname ?? ''} · ${t('identity.bind.confirm', { id: target })}` : ''
        }
        busy={busy}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (target !== null) void bind(target);
        }}
      />
    </Card>
  );
}

/**
 * /agent/bind-agent: where a signed-in player that is not an agent lands. It binds the player to an agent
 * (typed in, or `?agentId=` from an agent's link) after a confirmation, shows the bound agent, and unbinds
 * after a confirmation when the option bind.unbindAllowed allows it. With `?token=&agentId=` (the game's bind
 * link) it signs the player in and binds in one step.
 */
export function BindAgentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  const user = sessionStore.use((s) => s.user);
  const queryAgentId = searchParams.get('agentId')?.trim() ?? '';
  const [ticket] = useState(() => searchParams.get('token')?.trim() || null);
  const [bindLogin, setBindLogin] = useState<BindLoginOutcome | 'running' | null>(() =>
    ticket && AGENT_ID_PATTERN.test(queryAgentId) ? 'running' : null,
  );

  useEffect(() => {
    if (!ticket || !AGENT_ID_PATTERN.test(queryAgentId)) return;
    let active = true;
    // The used ticket leaves the address, so a reload cannot send it again.
    void navigate(`${paths.agent.bindAgent.getHref()}?agentId=${queryAgentId}`, { replace: true });
    void playerBindLogin(ticket, Number(queryAgentId)).then((outcome) => {
      if (!active) return;
      if (outcome.kind === 'agent') {
        void navigate(paths.agent.main.getHref(), { replace: true });
        notify.success(t('login.welcome'));
      } else if (outcome.kind === 'no-game-account') {
        void navigate(paths.agent.guideSetup.getHref(), { replace: true });
      } else {
        if (outcome.kind === 'network') notify.error(t('errors.server'));
        setBindLogin(outcome);
      }
    });
    return () => {
      active = false;
    };
  }, [ticket, queryAgentId, navigate, t]);

  const signedInPlayer = signedIn && user === null && player !== null ? player : null;
  // The stored player may be stale (bound elsewhere since): its own record says who its agent is now.
  const fresh = useQuery({
    ...getOwnPlayerQueryOptions(signedInPlayer?.playerId ?? 0),
    enabled: signedInPlayer !== null && bindLogin !== 'running',
  });
  useEffect(() => {
    const current = sessionStore.get().player;
    if (
      fresh.data &&
      current &&
      current.playerId === fresh.data.playerId &&
      current.agentId !== fresh.data.agentId
    )
      sessionStore.set({ player: { ...current, agentId: fresh.data.agentId } });
  }, [fresh.data]);

  let body;
  if (bindLogin === 'running') {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'center', py: 3 }} role="status">
        <CircularProgress size={32} />
        <Typography color="text.secondary">{t('login.signingIn')}</Typography>
      </Stack>
    );
  } else if (signedInPlayer) {
    body =
      signedInPlayer.agentId !== null ? (
        <BoundAgent agentId={signedInPlayer.agentId} />
      ) : (
        <BindForm initialAgentId={AGENT_ID_PATTERN.test(queryAgentId) ? queryAgentId : ''} />
      );
  } else if (signedIn && user) {
    body = (
      <Alert
        severity="info"
        data-testid="bind-agent-is-agent"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={paths.agent.main.getHref()}>
            {t('agentIndex.enter')}
          </Button>
        }
      >
        {t('identity.bind.isAgent')}
      </Alert>
    );
  } else {
    body = (
      <Alert
        severity="info"
        data-testid="bind-agent-signed-out"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={paths.session.login.getHref()}>
            {t('identity.common.toLogin')}
          </Button>
        }
      >
        {t('login.openFromGame')}
      </Alert>
    );
  }

  const failure =
    bindLogin && bindLogin !== 'running' && 'message' in bindLogin
      ? bindLogin
      : bindLogin && bindLogin !== 'running' && bindLogin.kind === 'network'
        ? { kind: 'network' as const, message: t('errors.server') }
        : null;

  return (
    <Stack spacing={2} data-testid="page-bind-agent">
      {failure ? (
        <Alert severity={failure.kind === 'agent-tip' ? 'warning' : 'error'}>
          {failure.kind === 'agent-tip' ? <AlertTitle>{t('login.agentTip')}</AlertTitle> : null}
          {failure.message}
        </Alert>
      ) : null}
      {signedIn && user ? null : <PlayerCard player={signedIn ? player : null} />}
      {body}
    </Stack>
  );
}
