import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate } from '../../../router';
import { BrandHeading } from '../../../components/brand-heading';
import { BusyStatus } from '../../../components/ui/busy-status';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { readLoginToken, stripTokenFromSearch } from '../lib/read-login-token';
import { Alert } from '../../../ui/alert';
import { Card, CardContent } from '../../../ui/card';
import { Divider } from '../../../ui/divider';
import { SportsEsportsOutlinedIcon } from '../../../ui/icons/SportsEsportsOutlinedIcon';
import { TextLink } from '../../../ui/link';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { forgetTicket, signInWithTicket } from '../lib/sign-in-with-ticket';
import styles from './login-page.module.css';

// The password form (react-hook-form, its zod resolver, the text fields) and the WeChat button load only when the page
// offers them: a phone arriving with the game's ticket signs in without them (decision 022).
const importSignInOptions = () =>
  Promise.all([import('../components/password-login-form'), import('../components/wechat-sign-in-button')]);
let signInOptions: ReturnType<typeof importSignInOptions> | undefined;
const loadSignInOptions = () => (signInOptions ??= importSignInOptions());
const PasswordLoginForm = lazy(() => loadSignInOptions().then(([m]) => ({ default: m.PasswordLoginForm })));
const WechatSignInButton = lazy(() =>
  loadSignInOptions().then(([, m]) => ({ default: m.WechatSignInButton })),
);

type PageState = 'signing-in' | 'agent-tip' | 'network' | 'no-ticket';

/** The reset-password page hands over the agent id it has just reset, to fill in the form. */
function agentIdFromState(state: unknown): number | undefined {
  if (state && typeof state === 'object' && 'agentId' in state && typeof state.agentId === 'number')
    return state.agentId;
  return undefined;
}

/**
 * /session/login: signs in with the game's one-time ticket. Without a ticket it offers agent id + password
 * and WeChat sign-in, says how to open the system from the game, and links to sign-up and forgot password.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The router's search is the part of the hash after '?'; the real query string is checked too.
  const ticket = readLoginToken({ search: window.location.search, hash: location.search });
  const [state, setState] = useState<PageState>(ticket ? 'signing-in' : 'no-ticket');
  // Without a ticket the form shows at once: its code is asked for with the page's first render.
  if (!ticket) void loadSignInOptions();
  const [agentTip, setAgentTip] = useState('');
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (!ticket) return;
    let active = true;
    setState('signing-in');
    stripTokenFromSearch();
    void signInWithTicket(ticket).then((outcome) => {
      if (!active) return;
      switch (outcome.kind) {
        case 'agent':
          void navigate(paths.agent.main.getHref(), { replace: true });
          notify.success(t('login.welcome'));
          break;
        case 'player':
          void navigate(paths.agent.bindAgent.getHref(), { replace: true });
          break;
        case 'no-game-account':
          void navigate(paths.agent.guideSetup.getHref(), { replace: true });
          break;
        case 'agent-tip':
          setAgentTip(outcome.message);
          setState('agent-tip');
          // The used ticket leaves the address, so a reload does not send it again.
          void navigate(paths.session.login.getHref(), { replace: true });
          break;
        case 'network':
          notify.error(t('errors.server'));
          setState('network');
          break;
        case 'failed':
          setState('no-ticket');
          void navigate(paths.session.login.getHref(), { replace: true });
          break;
      }
    });
    return () => {
      active = false;
    };
  }, [ticket, retry, navigate, t]);

  return (
    <div data-testid="page-login" className={styles.page}>
      <Card>
        <CardContent>
          <Stack spacing={2} alignItems="center" className={styles.head}>
            <BrandHeading logoSize={56} />

            {state === 'signing-in' ? <BusyStatus text={t('login.signingIn')} /> : null}

            {state === 'agent-tip' ? (
              <Alert
                severity="warning"
                title={t('login.agentTip')}
                className={styles.headAlert}
                data-testid="login-agent-tip"
              >
                {agentTip}
              </Alert>
            ) : null}

            {state === 'network' ? (
              <RetryAlert
                className={styles.headAlert}
                testId="login-server-error"
                onRetry={() => {
                  if (ticket) forgetTicket(ticket);
                  setRetry((n) => n + 1);
                }}
              >
                {t('errors.server')}
              </RetryAlert>
            ) : null}
          </Stack>
          {state === 'no-ticket' || state === 'agent-tip' || state === 'network' ? (
            <Suspense fallback={null}>
              <Stack spacing={2} className={styles.form}>
                <Text variant="subtitle1" component="h3">
                  {t('identity.login.passwordTitle')}
                </Text>
                <PasswordLoginForm
                  defaultAgentId={agentIdFromState(location.state)}
                  onSignedIn={() => {
                    void navigate(paths.agent.main.getHref(), { replace: true });
                    notify.success(t('login.welcome'));
                  }}
                  onAgentTip={(message) => {
                    setAgentTip(message);
                    setState('agent-tip');
                  }}
                />
                <Divider>{t('identity.common.or')}</Divider>
                <WechatSignInButton />
                <Stack direction="row" spacing={1} justifyContent="space-between" wrap>
                  <TextLink to={paths.session.signUp.getHref()} data-testid="login-sign-up">
                    {t('identity.login.signUp')}
                  </TextLink>
                  <TextLink to={paths.session.forgotPassword.getHref()} data-testid="login-forgot-password">
                    {t('identity.login.forgotPassword')}
                  </TextLink>
                </Stack>
                <Divider />
                <Stack
                  direction="row"
                  spacing={1.5}
                  alignItems="flex-start"
                  data-testid="login-open-from-game"
                >
                  <SportsEsportsOutlinedIcon color="primary" className={styles.gameIcon} />
                  <Stack spacing={0.5}>
                    <Text variant="body2">{t('login.openFromGame')}</Text>
                    <Text variant="caption" color="textSecondary">
                      {t('login.openFromGameHint')}
                    </Text>
                  </Stack>
                </Stack>
              </Stack>
            </Suspense>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
