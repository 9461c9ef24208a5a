import type { CallData, TPlayer } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from '../../../router';
import { failureMessage, withProgress } from '../../../api/call-with-progress';
import { useOptionFlag } from '../../../api/get-option';
import { runLogin, storeLogin } from '../../../api/login-outcome';
import type { LoginFailure, SignedInAs } from '../../../api/login-outcome';
import { BusyStatus } from '../../../components/ui/busy-status';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkAlert } from '../../../components/ui/link-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { OptionKey } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { isAgentId } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';
import { singleUseAttempts } from '../../../lib/single-use';
import { bindToAgent } from '../api/bind-to-agent';
import { getAgentCard } from '../api/get-agent-card';
import { useOwnPlayer } from '../../../api/get-own-player';
import { playerBindLogin } from '../api/player-bind-login';
import { unbindFromAgent } from '../api/unbind-from-agent';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { LinkOffOutlinedIcon } from '../../../ui/icons/LinkOffOutlinedIcon';
import { VerifiedUserOutlinedIcon } from '../../../ui/icons/VerifiedUserOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import styles from './bind-agent-page.module.css';

type BindLoginOutcome = SignedInAs | LoginFailure;

// A game ticket is single-use: one attempt per ticket and page load, even when React runs an effect twice.
const bindLogins = singleUseAttempts<BindLoginOutcome>();

/** The game's "bind to this agent" link: `?token=<ticket>&agentId=<id>` signs in and binds an unbound player. */
function signInAndBind(token: string, agentId: number): Promise<BindLoginOutcome> {
  return bindLogins.run(token, () => runLogin(async () => storeLogin(await playerBindLogin(token, agentId))));
}

function PlayerCard({ player }: { player: TPlayer | null }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className={styles.playerCard}>
        {player ? (
          <Stack direction="row" spacing={2} alignItems="center">
            <Avatar src={player.avatar || undefined} alt={player.nickname} size={56}>
              {player.nickname.slice(0, 1)}
            </Avatar>
            <Stack>
              <Text variant="h6" noWrap data-testid="bind-agent-nickname">
                {player.nickname}
              </Text>
              <Text variant="body2" color="textSecondary" data-testid="bind-agent-player-id">
                {t('bindAgent.playerId', { id: player.playerId })}
              </Text>
            </Stack>
          </Stack>
        ) : (
          <Text color="textSecondary">{t('bindAgent.noPlayer')}</Text>
        )}
        <Text variant="body2">{t('bindAgent.intro')}</Text>
      </CardContent>
    </Card>
  );
}

/** The bound agent, and unbinding after a confirmation when the platform allows it. */
function BoundAgent({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const unbindAllowed = useOptionFlag(OptionKey.bindUnbindAllowed);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const unbind = async () => {
    setBusy(true);
    await withProgress(async () => {
      const { player } = await unbindFromAgent();
      sessionStore.set({ player });
      setConfirming(false);
      notify.success(t('identity.bind.unbound'));
    });
    setBusy(false);
  };

  return (
    <Card data-testid="bind-agent-bound">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            <span className={styles.boundIcon}>
              <VerifiedUserOutlinedIcon color="success" fontSize="inherit" />
            </span>
            <Stack>
              <Text variant="body2" color="textSecondary">
                {t('identity.bind.boundTitle')}
              </Text>
              <Text variant="h6" component="p" data-testid="bind-agent-bound-id">
                {t('identity.bind.agentId', { id: agentId })}
              </Text>
            </Stack>
          </Stack>
          {unbindAllowed === true ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<LinkOffOutlinedIcon />}
              onClick={() => setConfirming(true)}
              data-testid="bind-agent-unbind"
            >
              {t('identity.bind.unbind')}
            </Button>
          ) : unbindAllowed === false ? (
            <Text variant="body2" color="textSecondary" data-testid="bind-agent-unbind-closed">
              {t('identity.bind.unbindNotAllowed')}
            </Text>
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
    if (!isAgentId(text)) {
      setError(text ? t('identity.validation.agentId') : t('identity.validation.agentIdRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setCard(await getAgentCard(Number(text)));
      setTarget(Number(text));
    } catch (failure) {
      // Not an agent: the server's message has been toasted; it also stays under the field.
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const bind = async (agentId: number) => {
    setBusy(true);
    const failure = await withProgress(async () => {
      const { player } = await bindToAgent(agentId);
      sessionStore.set({ player });
      setTarget(null);
      notify.success(t('identity.bind.bound', { id: agentId }));
    });
    if (failure !== null) {
      // Code 0 (not an agent, already bound) has been toasted; it also stays under the field.
      setError(failure);
      setTarget(null);
    }
    setBusy(false);
  };

  return (
    <Card>
      <CardContent>
        <form
          noValidate
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void review();
          }}
        >
          <Text variant="subtitle1" component="h2">
            {t('identity.bind.formTitle')}
          </Text>
          <TextField
            label={t('identity.common.agentId')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? t('identity.bind.formHint')}
            fullWidth
            inputProps={{ inputMode: 'numeric', 'data-testid': 'bind-agent-input' }}
          />
          <SubmitButton busy={busy} testId="bind-agent-submit">
            {t('identity.bind.submit')}
          </SubmitButton>
        </form>
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
    ticket && isAgentId(queryAgentId) ? 'running' : null,
  );

  useEffect(() => {
    if (!ticket || !isAgentId(queryAgentId)) return;
    let active = true;
    // The used ticket leaves the address, so a reload cannot send it again.
    void navigate(paths.agent.bindAgent.getHref({ agentId: Number(queryAgentId) }), { replace: true });
    void signInAndBind(ticket, Number(queryAgentId)).then((outcome) => {
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
  const fresh = useOwnPlayer(
    signedInPlayer?.playerId ?? 0,
    signedInPlayer !== null && bindLogin !== 'running',
  );
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
    body = <BusyStatus text={t('login.signingIn')} py={3} />;
  } else if (signedInPlayer) {
    body =
      signedInPlayer.agentId !== null ? (
        <BoundAgent agentId={signedInPlayer.agentId} />
      ) : (
        <BindForm initialAgentId={isAgentId(queryAgentId) ? queryAgentId : ''} />
      );
  } else if (signedIn && user) {
    body = (
      <LinkAlert
        to={paths.agent.main.getHref()}
        linkLabel={t('agentIndex.enter')}
        testId="bind-agent-is-agent"
      >
        {t('identity.bind.isAgent')}
      </LinkAlert>
    );
  } else {
    body = (
      <LinkAlert
        to={paths.session.login.getHref()}
        linkLabel={t('identity.common.toLogin')}
        testId="bind-agent-signed-out"
      >
        {t('login.openFromGame')}
      </LinkAlert>
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
        <Alert
          severity={failure.kind === 'agent-tip' ? 'warning' : 'error'}
          title={failure.kind === 'agent-tip' ? t('login.agentTip') : undefined}
        >
          {failure.message}
        </Alert>
      ) : null}
      {signedIn && user ? null : <PlayerCard player={signedIn ? player : null} />}
      {body}
    </Stack>
  );
}
